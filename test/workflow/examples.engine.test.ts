/**
 * The example workflows shipped in examples/ run in-process with n8n's own nodes (Schedule
 * Trigger, Set, Split Out, IF) and this package's against the emulator. The trigger and webhook
 * workflows start from the items their trigger or webhook gives (webhook mode): what happens before
 * that, the callback or HTTP call reaching n8n, and an answer resuming a waiting execution, need a
 * server (test/e2e/trigger.test.ts, test/e2e/demo.test.ts, test/e2e/approval.test.ts).
 */
import * as fs from 'fs';
import * as path from 'path';

import { messages, smsDoRequests } from '../e2e/sms/support';
import { SMSAPI_CREDENTIAL_TYPE, smsapiTokenCredentialData } from '../e2e/harness/smsapi';
import type { WorkflowJson } from './harness';
import { PROJECT_ROOT } from './package-types';
import { nodeJson } from './run-result';
import { useEmulatorSuite } from './suite';

const example = (file: string) =>
	JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'examples', file), 'utf8')) as WorkflowJson;

async function controlJson<T>(controlUrl: string, route: string): Promise<T> {
	const res = await fetch(`${controlUrl}/${route}`);
	return (await res.json()) as T;
}

describe('in-process n8n: the example workflows', () => {
	const suite = useEmulatorSuite({
		emulator: { dlrDelayMs: 600_000 },
		// The examples name the demo's credential by its id.
		credentials: (emulator) => ({
			demo: { id: 'SmsapiDemoCred01', type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI (demo emulator)', data: smsapiTokenCredentialData(emulator) },
		}),
	});
	const emulator = () => suite.emulator();
	const blacklisted = async () =>
		(await controlJson<{ blacklist: Array<{ phone_number: string }> }>(emulator().controlUrl, 'more-state')).blacklist.map((e) => e.phone_number);

	beforeEach(() => emulator().reset());

	it('send-sms: one message from MyShop', async () => {
		const run = await suite.n8n().run(example('send-sms.workflow.json'));
		expect(run.status).toBe('success');
		expect((await messages(emulator())).map((m) => [m.number, m.sender, m.text])).toEqual([
			['48500000001', 'MyShop', 'Hello from n8n! Your order #1024 has shipped.'],
		]);
	});

	it('scheduled-bulk-campaign (run by hand): Set builds the list, Split Out makes one item per customer, a Message written as users write it (`Hi {{ $json.first_name }}`, node 1.2) goes as one template in one request; each gets their own text', async () => {
		const run = await suite.n8n().run(example('scheduled-bulk-campaign.workflow.json'));
		expect(run.executedNodes).toEqual(['Every day at 9:00', 'Customers', 'One item per customer', 'Send campaign']);
		expect(nodeJson(run, 'One item per customer')).toHaveLength(3);
		const requests = await smsDoRequests(emulator());
		expect(requests).toHaveLength(1);
		expect(requests[0].body).toMatchObject({
			to: '48500000001,48500000002,48500000003',
			message: 'Hi [%1%], our spring sale starts today: 20% off everything until Sunday.',
			param1: 'Anna|Jan|Piotr',
			from: 'MyShop',
		});
		expect((await messages(emulator())).map((m) => [m.number, m.text])).toEqual(
			['Anna', 'Jan', 'Piotr'].map((name, i) => [`4850000000${i + 1}`, `Hi ${name}, our spring sale starts today: 20% off everything until Sunday.`]),
		);
		expect(nodeJson(run, 'Send campaign').map((item) => item.number)).toEqual(['48500000001', '48500000002', '48500000003']);
	});

	it('inbound-auto-reply (an inbound message came in): one reply to the sender, with no caller text in it', async () => {
		const inbound = { sms_from: '48500000777', sms_to: '48799599599', sms_text: 'Is my order ready? [%goto:http://evil.example%]', event: 'mo' };
		const run = await suite.n8n().run(example('inbound-auto-reply.workflow.json'), { mode: 'webhook', input: [inbound] });
		expect(run.status).toBe('success');
		expect((await messages(emulator())).map((m) => [m.number, m.text])).toEqual([
			['48500000777', 'Thanks for your message! A consultant will get back to you shortly. Reply STOP to opt out.'],
		]);
	});

	it('inbound-auto-reply: a forged sender list gets one reply, to its first number only', async () => {
		const inbound = { sms_from: '48500000777,48500000778;48500000779 48500000780', sms_to: '48799599599', sms_text: 'Hi', event: 'mo' };
		const run = await suite.n8n().run(example('inbound-auto-reply.workflow.json'), { mode: 'webhook', input: [inbound] });
		expect(run.status).toBe('success');
		expect((await messages(emulator())).map((m) => m.number)).toEqual(['48500000777']);
	});

	it.each(['STOP', ' stop ', 'Unsubscribe', 'STOP ALL'])('inbound-auto-reply: the opt-out keyword %j gets no reply', async (text) => {
		const inbound = { sms_from: '48500000777', sms_to: '48799599599', sms_text: text, event: 'mo' };
		const run = await suite.n8n().run(example('inbound-auto-reply.workflow.json'), { mode: 'webhook', input: [inbound] });
		expect(run.status).toBe('success');
		expect(run.executedNodes).not.toContain('Auto-reply');
		expect(await messages(emulator())).toEqual([]);
	});

	it('the triggers of the examples have no webhook id and their Secret at its default (a new random value per import)', () => {
		const files = fs.readdirSync(path.join(PROJECT_ROOT, 'examples')).filter((file) => file.endsWith('.workflow.json'));
		const triggers = files.flatMap((file) =>
			(example(file).nodes as Array<{ type: string; id?: string; webhookId?: string; parameters: Record<string, unknown> }>)
				.filter((node) => node.type === 'n8n-nodes-smsapi-plus.smsapiTrigger')
				.map((node) => ({ file, node })),
		);
		expect(triggers.length).toBeGreaterThanOrEqual(3);
		for (const { file, node } of triggers) {
			expect({ file, webhookId: node.webhookId, id: node.id, secret: node.parameters.secret }).toEqual({
				file,
				webhookId: undefined,
				id: undefined,
				secret: undefined,
			});
		}
	});

	it('delivery-report-logger (a delivery report came in): Set writes one log line per report', async () => {
		const report = { MsgId: '1795425669513000014', to: '48500000001', status: 404, status_name: 'DELIVERED', final: true, donedate_iso: '2030-01-01T09:00:05+01:00' };
		const run = await suite.n8n().run(example('delivery-report-logger.workflow.json'), { mode: 'webhook', input: [report] });
		expect(nodeJson(run, 'Log line')).toEqual([
			{
				log: '2030-01-01T09:00:05+01:00 message 1795425669513000014 to 48500000001: DELIVERED (404)',
				MsgId: '1795425669513000014',
				status: 'DELIVERED',
				final: true,
			},
		]);
	});

	it('stop-to-blacklist: " stop " from a number blacklists it (twice is fine); other texts do nothing', async () => {
		const workflow = example('stop-to-blacklist.workflow.json');
		const stop = { sms_from: '48500000777', sms_to: '48799599599', sms_text: ' stop ', event: 'mo' };
		const first = await suite.n8n().run(workflow, { mode: 'webhook', input: [stop] });
		expect(first.status).toBe('success');
		expect(await blacklisted()).toEqual(['48500000777']);
		const again = await suite.n8n().run(workflow, { mode: 'webhook', input: [stop] });
		expect(nodeJson(again, 'Blacklist the sender')).toEqual([expect.objectContaining({ phone_number: '48500000777', already_blacklisted: true })]);
		const hello = await suite.n8n().run(workflow, { mode: 'webhook', input: [{ ...stop, sms_from: '48500000778', sms_text: 'Stop by tomorrow?' }] });
		expect(hello.executedNodes).not.toContain('Blacklist the sender');
		expect(await blacklisted()).toEqual(['48500000777']);
	});

	it('two-factor-login: send a code, a wrong code is valid: false, the right one valid: true', async () => {
		const workflow = example('two-factor-login.workflow.json');
		const sent = await suite.n8n().run(workflow, { mode: 'webhook', startNode: 'Send code request', input: [{ body: { phone: '48500000001' } }] });
		expect(nodeJson(sent, 'Send one-time code')).toEqual([expect.objectContaining({ phone_number: '48500000001', sent: true })]);
		expect(nodeJson(sent, 'Send one-time code')[0].code).toBeUndefined();
		const { mfaCodes } = await controlJson<{ mfaCodes: Array<{ code: string; phone_number: string }> }>(emulator().controlUrl, 'more-state');
		const code = mfaCodes.find((c) => c.phone_number === '48500000001')!.code;
		const verify = (given: string) =>
			suite.n8n().run(workflow, { mode: 'webhook', startNode: 'Verify code request', input: [{ body: { phone: '48500000001', code: given } }] });
		expect(nodeJson(await verify(code === '000000' ? '111111' : '000000'), 'Verify one-time code')).toEqual([
			{ phone_number: '48500000001', valid: false, reason: 'wrong' },
		]);
		expect(nodeJson(await verify(code), 'Verify one-time code')).toEqual([{ phone_number: '48500000001', valid: true }]);
	});

	it('refund-approval-by-sms: over 100 EUR the manager gets an SMS with the answer link and the execution waits; up to 100 EUR the refund goes through at once', async () => {
		const workflow = example('refund-approval-by-sms.workflow.json');
		const request = (amount: number) => [{ body: { order: '1024', amount, reason: 'arrived broken' } }];
		const large = await suite.n8n().run(workflow, { mode: 'webhook', input: request(250) });
		expect(large.status).toBe('waiting');
		expect(large.executedNodes).toEqual(['Refund request', 'Up to 100 EUR?', 'Ask the manager by SMS']);
		const sent = await controlJson<Array<{ number: string; text: string }>>(emulator().controlUrl, 'messages');
		expect(sent.map((m) => m.number)).toEqual(['48500000999']);
		expect(sent[0].text).toMatch(/^Refund 250 EUR for order 1024\? Reason: arrived broken\nhttps:\/\/idz\.do\/[\w-]+#[\w-]{22}$/);
		expect(nodeJson(large, 'Ask the manager by SMS')).toEqual([expect.objectContaining({ timedOut: true, to: '48500000999', data: {} })]);

		const small = await suite.n8n().run(workflow, { mode: 'webhook', input: request(40) });
		expect(small.status).toBe('success');
		expect(small.executedNodes).toEqual(['Refund request', 'Up to 100 EUR?', 'Make the refund']);
		expect(await controlJson<unknown[]>(emulator().controlUrl, 'messages')).toHaveLength(1);
	});
});
