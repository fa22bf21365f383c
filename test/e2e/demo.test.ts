/**
 * `npm start` (scripts/demo.ts) as a newcomer uses it: the emulator and real n8n with the
 * example workflows; a POST of an inbound message to the demo's trigger makes the auto-reply
 * SMS appear in the emulator's records, and its delivery report reaches the logger workflow.
 */
import { startDemo, type Demo } from '../../scripts/demo';
import { launchBrowser, PHONE, step } from './harness/browser';
import { waitingExecution } from './approval/support';
import { E2E_SETUP_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS, expectExecutionStatus, n8nLines, waitFor } from './harness';
import { messages } from './sms/support';

interface EmulatorMessage {
	id: string;
	number: string;
	text: string;
	idx: string | null;
}

async function emulatorMessages(demo: Demo): Promise<EmulatorMessage[]> {
	const res = await fetch(`${demo.emulator.controlUrl}/messages`, { signal: AbortSignal.timeout(10_000) });
	return (await res.json()) as EmulatorMessage[];
}

describe.each(n8nLines())('npm start demo on n8n $version (line $line)', (line) => {
	let demo: Demo;

	beforeAll(async () => {
		demo = await startDemo({ line: line.line, emulatorPort: 0 });
	}, E2E_SETUP_TIMEOUT_MS);

	afterAll(async () => {
		await demo?.stop();
	}, 60_000);

	it(
		'the active triggers registered their URLs (with the secret) at the emulator',
		async () => {
			// Each trigger got its own webhook id and random Secret at import (the examples ship neither).
			const secrets = [demo.triggerUrls.mo, demo.triggerUrls.dlr, demo.exampleUrls.stop].map((url) => new URL(url).pathname.split('/').pop());
			expect(new Set(secrets).size).toBe(3);
			for (const secret of secrets) expect(secret).toMatch(/^[0-9a-f]{32}$/);
			const res = await fetch(`${demo.emulator.primaryUrl}/callbacks`, {
				headers: { authorization: 'Bearer test-token' },
				signal: AbortSignal.timeout(10_000),
			});
			const { collection: registered } = (await res.json()) as { collection: Array<{ type: string; url: string }> };
			expect(registered).toEqual(
				expect.arrayContaining([
					expect.objectContaining({ type: 'sms_mo', url: demo.triggerUrls.mo }),
					expect.objectContaining({ type: 'sms_dlr', url: demo.triggerUrls.dlr }),
				]),
			);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'an inbound message POSTed to the trigger gets the auto-reply SMS, whose delivery report is logged',
		async () => {
			const loggerId = demo.workflowIds['delivery-report-logger.workflow.json'];
			const autoReplyId = demo.workflowIds['inbound-auto-reply.workflow.json'];
			const form = new URLSearchParams({
				sms_from: '48500000777',
				sms_to: '48799599599',
				sms_text: 'Is my order ready?',
				sms_date: String(Math.floor(Date.now() / 1000)),
				username: 'demo',
			});
			const res = await fetch(demo.triggerUrls.mo, { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) });
			expect(res.status).toBe(200);
			expect(await res.text()).toBe('OK');

			const reply = await waitFor('the auto-reply SMS in the emulator', 30_000, async () =>
				(await emulatorMessages(demo)).find((message) => message.number === '48500000777'),
			);
			expect(reply.text).toBe('Thanks for your message! A consultant will get back to you shortly. Reply STOP to opt out.');
			expect(reply.idx).toMatch(/^[a-z0-9]+$/);

			const [autoReply] = await demo.n8n.waitForExecutions(1, 30_000, (e) => e.workflowId === autoReplyId);
			expectExecutionStatus(autoReply);

			// The reply's delivery report goes to the logger's registered DLR URL and starts it.
			const [logged] = await demo.n8n.waitForExecutions(1, 30_000, (e) => e.workflowId === loggerId);
			expectExecutionStatus(logged);
			const logLine = logged.data?.resultData?.runData?.['Log line']?.[0]?.data?.main?.[0]?.[0]?.json as
				| Record<string, unknown>
				| undefined;
			expect(logLine).toMatchObject({ MsgId: reply.id, status: 'DELIVERED', final: true });
		},
		E2E_TEST_TIMEOUT_MS,
	);
	it(
		'the STOP example blacklists a sender who replies STOP; the two-factor example sends a code and verifies it',
		async () => {
			const stopId = demo.workflowIds['stop-to-blacklist.workflow.json'];
			const form = new URLSearchParams({
				sms_from: '48500000888',
				sms_to: '48799599599',
				sms_text: 'STOP',
				sms_date: String(Math.floor(Date.now() / 1000)),
				username: 'demo',
			});
			const autoReplyId = demo.workflowIds['inbound-auto-reply.workflow.json'];
			const before = await demo.n8n.lastExecutionId();
			const res = await fetch(demo.exampleUrls.stop, { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) });
			expect(res.status).toBe(200);
			// The same STOP reaches the auto-reply's trigger too (both listen to every receiving number): no reply.
			const toAutoReply = await fetch(demo.triggerUrls.mo, { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) });
			expect(toAutoReply.status).toBe(200);
			const [stopped] = await demo.n8n.waitForExecutions(1, 30_000, (e) => e.workflowId === stopId);
			expectExecutionStatus(stopped);
			const [ignored] = await demo.n8n.waitForExecutions(1, 30_000, (e) => e.workflowId === autoReplyId && Number(e.id) > before);
			expectExecutionStatus(ignored);
			expect(Object.keys(ignored.data?.resultData?.runData ?? {})).not.toContain('Auto-reply');
			expect((await emulatorMessages(demo)).filter((message) => message.number === '48500000888')).toEqual([]);
			const state = async () => (await (await fetch(`${demo.emulator.controlUrl}/more-state`)).json()) as {
				blacklist: Array<{ phone_number: string }>;
				mfaCodes: Array<{ phone_number: string; code: string }>;
			};
			expect((await state()).blacklist.map((entry) => entry.phone_number)).toContain('48500000888');

			const post = (url: string, body: unknown) =>
				fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
			const sent = await post(demo.exampleUrls.twoFactorSend, { phone: '48500000889' });
			expect(sent.status).toBe(200);
			expect(await sent.json()).toMatchObject({ phone_number: '48500000889', sent: true });
			const code = (await state()).mfaCodes.find((entry) => entry.phone_number === '48500000889')!.code;
			const wrong = await post(demo.exampleUrls.twoFactorVerify, { phone: '48500000889', code: code === '000000' ? '111111' : '000000' });
			expect(await wrong.json()).toEqual({ phone_number: '48500000889', valid: false, reason: 'wrong' });
			const right = await post(demo.exampleUrls.twoFactorVerify, { phone: '48500000889', code });
			expect(await right.json()).toEqual({ phone_number: '48500000889', valid: true });
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'Send and Wait for Delivery: a login code delivered ends on "Code delivered"; one not delivered is called in by voice',
		async () => {
			const workflowId = demo.workflowIds['login-code-sms-then-voice.workflow.json'];
			const run = async (phone: string) => {
				const before = await demo.n8n.lastExecutionId();
				const res = await fetch(demo.exampleUrls.loginCode, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ phone, code: '4711' }),
					signal: AbortSignal.timeout(30_000),
				});
				expect(res.status).toBe(200);
				// The demo's emulator reports 200 ms after the send: DELIVERED, or UNDELIVERED for numbers ending in 405.
				const [execution] = await demo.n8n.waitForExecutions(1, 60_000, (e) => e.workflowId === workflowId && Number(e.id) > before);
				expectExecutionStatus(execution);
				return Object.keys(execution.data?.resultData?.runData ?? {});
			};
			expect(await run('48500000771')).toContain('Code delivered');
			const notDelivered = await run('48500000405');
			expect(notDelivered).toContain('Call with the code');
			expect(notDelivered).not.toContain('Code delivered');
			const texts = (await emulatorMessages(demo)).filter((message) => ['48500000771', '48500000405'].includes(message.number)).map((message) => [message.number, message.text]);
			expect(texts).toEqual(
				expect.arrayContaining([
					['48500000771', 'Your login code is 4711'],
					['48500000405', 'Your login code is 4711'],
				]),
			);
			// The voice call: the emulator's VMS records (text to speech).
			const requests = await (await fetch(`${demo.emulator.controlUrl}/requests`, { signal: AbortSignal.timeout(10_000) })).json() as Array<{ path: string; body: Record<string, string> }>;
			expect(requests.filter((request) => request.path === '/vms.do').map((request) => [request.body.to, request.body.tts])).toEqual([['48500000405', 'Your login code is 4 7 1 1']]);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'Send and Wait for Approval: a refund over 100 EUR waits for the manager; a tap on Refund on the page of the SMS link ends on "Make the refund"; 40 EUR needs no approval',
		async () => {
			const workflowId = demo.workflowIds['refund-approval-by-sms.workflow.json'];
			const request = (amount: number) =>
				fetch(demo.exampleUrls.refund, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order: '1024', amount, reason: 'arrived broken' }), signal: AbortSignal.timeout(30_000) });
			const before = await demo.n8n.lastExecutionId();
			expect((await request(250)).status).toBe(200);
			const waiting = await waitingExecution(demo.n8n, workflowId, before);
			const sms = (await messages(demo.emulator)).filter((message) => message.number === '48500000999');
			// The short link at the emulator's own https host, the check as its fragment: opened as the SMS carries it, in a browser.
			const smsLink = sms[0].text.slice(sms[0].text.lastIndexOf('\n') + 1);
			expect(sms.map((message) => message.text)).toEqual([expect.stringMatching(/^Refund 250 EUR for order 1024\? Reason: arrived broken\nhttps:\/\/localhost:\d+\/[\w-]+#[A-Za-z0-9_-]{22}$/)]);
			expect(smsLink.startsWith(`${demo.emulator.shortLinkHostUrl}/`)).toBe(true);
			const browser = await launchBrowser();
			try {
				const tab = await (await browser.newContext({ ...PHONE, ignoreHTTPSErrors: true })).newPage();
				await step(tab, 'demo-approval', async () => {
					await tab.goto(smsLink);
					await tab.getByText('Refund 250 EUR for order 1024? Reason: arrived broken').waitFor({ timeout: 20_000 });
					await tab.getByRole('button', { name: 'Refund' }).click();
					await tab.getByText('Your answer was recorded').waitFor({ timeout: 20_000 });
				});
			} finally {
				await browser.close();
			}
			const [resumed] = await demo.n8n.waitForExecutions(1, 60_000, (e) => String(e.id) === String(waiting.id) && e.status !== 'waiting');
			expectExecutionStatus(resumed);
			expect(Object.keys(resumed.data?.resultData?.runData ?? {})).toEqual(expect.arrayContaining(['Approved?', 'Make the refund']));
			expect(resumed.data?.resultData?.runData?.['Declined or no answer']).toBeUndefined();

			const small = await demo.n8n.lastExecutionId();
			expect((await request(40)).status).toBe(200);
			const [direct] = await demo.n8n.waitForExecutions(1, 60_000, (e) => e.workflowId === workflowId && Number(e.id) > small);
			expect(Object.keys(direct.data?.resultData?.runData ?? {})).toEqual(['Refund request', 'Up to 100 EUR?', 'Make the refund']);
		},
		E2E_TEST_TIMEOUT_MS,
	);
});
