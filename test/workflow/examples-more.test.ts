/**
 * The STOP, two-factor and refund-approval examples of examples/ run in-process against the
 * emulator, starting from the items their trigger or webhook gives (the callback or HTTP call
 * itself, and an answer resuming a waiting execution, need a server: test/e2e/resources-more.test.ts,
 * test/e2e/demo.test.ts, test/e2e/approval.test.ts).
 */
import * as fs from 'fs';
import * as path from 'path';

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

describe('in-process n8n: the STOP and two-factor examples', () => {
	const suite = useEmulatorSuite({
		emulator: { dlrDelayMs: 600_000 },
		credentials: (emulator) => ({
			demo: { id: 'SmsapiDemoCred01', type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI (demo emulator)', data: smsapiTokenCredentialData(emulator) },
		}),
	});
	const emulator = () => suite.emulator();
	const blacklisted = async () =>
		(await controlJson<{ blacklist: Array<{ phone_number: string }> }>(emulator().controlUrl, 'more-state')).blacklist.map((e) => e.phone_number);

	beforeEach(() => emulator().reset());

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
		expect(sent[0].text).toMatch(/^Refund 250 EUR for order 1024\? Reason: arrived broken\nhttp:\/\/idz\.do\/\S+$/);
		expect(nodeJson(large, 'Ask the manager by SMS')).toEqual([expect.objectContaining({ timedOut: true, to: '48500000999', data: {} })]);

		const small = await suite.n8n().run(workflow, { mode: 'webhook', input: request(40) });
		expect(small.status).toBe('success');
		expect(small.executedNodes).toEqual(['Refund request', 'Up to 100 EUR?', 'Make the refund']);
		expect(await controlJson<unknown[]>(emulator().controlUrl, 'messages')).toHaveLength(1);
	});
});
