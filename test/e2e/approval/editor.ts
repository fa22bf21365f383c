/**
 * The refund example (examples/refund-approval-by-sms.workflow.json) in n8n's editor and a phone's
 * browser (test/e2e/approval.test.ts): the workflow on the canvas, the approval node's parameters,
 * then a refund over 100 EUR waits; the manager's phone opens the SMS link as the SMS carries it
 * (Chromium at a phone's size; idz.do is the emulator's short-link host) and presses Refund, a
 * real button's POST; the execution ends on "Make the refund". With UPDATE_README_IMAGES=1 on
 * line 2 the README's pictures are saved (docs/images/approval-workflow.png, approval-page.png).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { launchBrowser, newEditorPage, PHONE, saveDocsImage, step } from '../harness/browser';
import type { N8nLine, WorkflowJson } from '../harness';
import { messages } from '../sms/support';
import { execution, finished, linkOf, waitingExecution, type ApprovalSuite } from './support';

/** Chromium's idz.do: the emulator's short-link host. */
export const shortLinkHostRule = (suite: ApprovalSuite) => `--host-resolver-rules=MAP idz.do 127.0.0.1:${new URL(suite.emulator.shortLinkHostUrl).port}`;

const TEST_TIMEOUT_MS = 180_000;
const EXAMPLE = path.resolve(__dirname, '../../../examples/refund-approval-by-sms.workflow.json');

/** The example as imported into this n8n: its SMSAPI node with this suite's credential. */
function example(credential: { id: string; name: string }): WorkflowJson {
	const workflow = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')) as WorkflowJson;
	for (const node of workflow.nodes) if (node.credentials?.smsapiApi) node.credentials = { smsapiApi: credential };
	return workflow;
}

export function registerEditorTests(suite: ApprovalSuite, line: N8nLine): void {
	it(
		'the refund example in the editor; a refund over 100 EUR waits, the manager opens the SMS link on a phone and presses Refund: it ends on "Make the refund" (README pictures with UPDATE_README_IMAGES=1, line 2)',
		async () => {
			const { n8n, emulator } = suite;
			const [workflowId] = await n8n.createWorkflows([example(suite.credential)]);
			await n8n.activate(workflowId);
			const browser = await launchBrowser([shortLinkHostRule(suite)]);
			try {
				const { page } = await newEditorPage(browser, n8n);
				const picture = async (name: string, target?: Parameters<typeof saveDocsImage>[2]) => {
					if (line.line === '2' && process.env.UPDATE_README_IMAGES === '1') await saveDocsImage(page, name, target);
				};
				await step(page, `line${line.line}-approval-canvas`, async () => {
					await page.goto(`/workflow/${workflowId}`);
					await page.getByTestId('canvas-node').filter({ hasText: 'Ask the manager by SMS' }).waitFor({ timeout: 60_000 });
					await page.waitForTimeout(1000);
					// n8n 2.x opens a "Production Checklist" over a published workflow: closed for the picture.
					const checklist = page.getByText('Production Checklist');
					if (await checklist.isVisible()) await page.keyboard.press('Escape');
					// Or a click beside it, on the empty canvas.
					if (await checklist.isVisible()) await page.mouse.click(700, 780);
					await checklist.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
				});
				await picture('approval-workflow');
				const ndv = page.getByTestId('ndv');
				await step(page, `line${line.line}-approval-node`, async () => {
					await page.getByTestId('canvas-node').filter({ hasText: 'Ask the manager by SMS' }).dblclick();
					await ndv.getByTestId('parameter-input-responseType').waitFor();
					await ndv.getByText('Approval Options').first().waitFor();
					await ndv.getByText('Limit Wait Time').first().waitFor();
				});

				const before = await n8n.lastExecutionId();
				const res = await fetch(n8n.webhookUrl('refund'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order: '1024', amount: 250, reason: 'arrived broken' }), signal: AbortSignal.timeout(30_000) });
				expect(res.status).toBe(200);
				const waiting = await waitingExecution(n8n, workflowId, before);
				const sms = (await messages(emulator)).filter((message) => message.number === '48500000999').pop()!;
				const { smsLink } = await linkOf(emulator, sms);
				const phone = await browser.newContext({ ...PHONE, ignoreHTTPSErrors: true });
				try {
					const tab = await phone.newPage();
					await step(tab, `line${line.line}-approval-page`, async () => {
						await tab.goto(smsLink);
						await tab.getByText('Refund 250 EUR for order 1024? Reason: arrived broken').waitFor();
					});
					if (line.line === '2' && process.env.UPDATE_README_IMAGES === '1') await saveDocsImage(tab, 'approval-page');
					expect((await execution(n8n, String(waiting.id))).status).toBe('waiting');
					await step(tab, `line${line.line}-approval-tap`, async () => {
						await tab.getByRole('button', { name: 'Refund' }).click();
						await tab.getByText('Your answer was recorded').waitFor();
					});
				} finally {
					await phone.close();
				}
				const done = await finished(n8n, String(waiting.id));
				expect(Object.keys(done.data?.resultData?.runData ?? {})).toEqual(expect.arrayContaining(['Approved?', 'Make the refund']));
				expect(done.data?.resultData?.runData?.['Declined or no answer']).toBeUndefined();
			} finally {
				await browser.close();
			}
		},
		TEST_TIMEOUT_MS,
	);
}
