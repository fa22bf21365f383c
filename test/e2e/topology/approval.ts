/**
 * Queue mode: SMS → Send and Wait for Approval. A workflow (Webhook → Ask → After) started through
 * the webhook process runs on a worker and waits; its SMS link leads to main's address (WEBHOOK_URL,
 * which every process of this topology has: test/e2e/harness/n8n-env.ts), where a load balancer
 * would stand and send `/webhook-waiting/*` to the webhook processes. So the person's calls go to
 * the webhook process with the link's own Host (as a load balancer passes it on: n8n 1.x signs the
 * host with the address). Opening the page there answers nothing; two taps at once there resume it
 * once, on a worker (enqueued once, by the webhook process); the same tap afterwards, there and at
 * main, changes nothing. One SMS, one execution, After once with `data.approved: true`.
 */
import * as http from 'node:http';

import { expectExecutionStatus, sleep, waitFor } from '../harness';
import { afterItems, execution, finished, pageForm, stillWaiting, startAsking, type Page } from '../approval/support';
import { sentPerNumber } from './campaign';
import { increase, linesPerProcess } from './send-and-wait';
import { TOPOLOGY_TEST_TIMEOUT_MS, type TopologySuite } from './setup';

const TO = '48500000702';

/** A call of `link` at another process (`origin`), the link's host kept in the Host header; a POST carries the page's check. */
async function callAt(origin: string, link: URL, fields?: Record<string, string>): Promise<Page> {
	let body: Buffer | undefined;
	const headers: Record<string, string> = { host: link.host };
	if (fields) {
		const encoded = new Request('http://127.0.0.1/', { method: 'POST', body: pageForm(link, fields) });
		body = Buffer.from(await encoded.arrayBuffer());
		headers['content-type'] = encoded.headers.get('content-type')!;
		headers['content-length'] = String(body.length);
	}
	const target = new URL(`${link.pathname}${link.search}`, origin);
	return await new Promise<Page>((resolve, reject) => {
		const request = http.request(target, { method: fields ? 'POST' : 'GET', headers, timeout: 15_000 }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.on('end', () => resolve({ status: response.statusCode ?? 0, html: Buffer.concat(chunks).toString('utf8') }));
		});
		request.on('timeout', () => request.destroy(new Error('timeout')));
		request.on('error', reject);
		request.end(body);
	});
}

export function registerApprovalTests(ctx: TopologySuite): void {
	it(
		'Send and Wait for Approval: started at the webhook process it waits; the page opened there answers nothing; two taps at once there resume it once, on a worker; later taps (there and at main) change nothing; one SMS',
		async () => {
			const { n8n, emulator, credential } = ctx;
			const webhookProcess = (path: string) => n8n.webhookProcessUrl(0, path);
			const asking = await startAsking({ n8n, emulator, credential }, TO, {}, { url: webhookProcess, ready: (path) => n8n.waitForWebhook(path, 'GET', 30_000, 0) });
			const { executionId } = asking;
			const startedMarker = `Worker started execution ${executionId} (job `;
			const enqueuedMarker = `Enqueued execution ${executionId} (job `;
			expect(linesPerProcess(n8n, enqueuedMarker)).toEqual({ webhook1: 1 });
			expect(Object.keys(linesPerProcess(n8n, startedMarker))).toEqual([expect.stringMatching(/^worker[12]$/)]);
			expect(asking.link.origin).toBe(new URL(n8n.baseUrl).origin);
			const processOrigin = new URL(webhookProcess('x')).origin;

			const page = await callAt(processOrigin, asking.link);
			expect(page.status).toBe(200);
			expect(page.html).not.toContain('Refund 120 EUR');
			const question = await callAt(processOrigin, asking.link, { step: 'open' });
			expect(question.html).toContain('name="answer" value="approve"');
			await stillWaiting(n8n, executionId);

			const enqueuedBefore = linesPerProcess(n8n, enqueuedMarker);
			const startedBefore = linesPerProcess(n8n, startedMarker);
			const taps = await Promise.all([callAt(processOrigin, asking.link, { answer: 'approve' }), callAt(processOrigin, asking.link, { answer: 'approve' })]);
			const done = await finished(n8n, executionId, 60_000);
			const later = [await callAt(processOrigin, asking.link, { answer: 'decline' }), await callAt(asking.link.origin, asking.link, { answer: 'decline' })];
			// A second resume would show up a little later: let it, then wait for every worker run to end.
			await sleep(3000);
			const total = (marker: string) => Object.values(linesPerProcess(n8n, marker)).reduce((a, b) => a + b, 0);
			await waitFor(`every worker run of execution ${executionId} finished`, 30_000, async () =>
				total(startedMarker) === total(`Worker finished execution ${executionId} (job `) ? true : undefined,
			);
			const enqueued = increase(enqueuedBefore, linesPerProcess(n8n, enqueuedMarker));
			const resumedOn = increase(startedBefore, linesPerProcess(n8n, startedMarker));
			process.stderr.write(
				`[topology ${ctx.line.version}] Send and Wait for Approval: execution ${executionId}; the two taps at the webhook process answered ${taps.map((t) => t.status).join(' and ')}, ` +
					`the later ones ${later.map((t) => t.status).join(' and ')}; resumed: enqueued by ${JSON.stringify(enqueued)}, run by ${JSON.stringify(resumedOn)}\n`,
			);

			expectExecutionStatus(done);
			expect(taps.filter((t) => t.html.includes('Your answer was recorded'))).toHaveLength(1);
			for (const answer of later) expect(answer.html).not.toContain('Your answer was recorded');
			const run = await execution(n8n, executionId);
			expect(run.stoppedAt).toBe(done.stoppedAt);
			expect(afterItems(run)).toEqual([expect.objectContaining({ data: expect.objectContaining({ approved: true }), to: TO })]);
			const runs = (await n8n.executions({ withData: false })).filter((e) => String(e.workflowId) === asking.workflowId);
			expect(runs.map((e) => String(e.id))).toEqual([executionId]);
			expect(sentPerNumber(emulator).get(TO)).toBe(1);
			// Resumed once: enqueued once (by the webhook process), run once, on a worker (never main).
			const [resumedWorker] = Object.keys(resumedOn);
			expect(resumedWorker).toMatch(/^worker[12]$/);
			expect(n8n.processLog('main')).not.toContain(startedMarker);
			expect({ enqueuedBy: enqueued, runBy: resumedOn }).toEqual({ enqueuedBy: { webhook1: 1 }, runBy: { [resumedWorker]: 1 } });
		},
		TOPOLOGY_TEST_TIMEOUT_MS,
	);
}
