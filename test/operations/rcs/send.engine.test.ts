/**
 * RCS → Send in n8n's engine in-process (support/engine.ts) against the emulator
 * (test/emulator/rest-rcs.ts): a send then listed among the messages and the senders, an unknown
 * sender's 400 with and without Continue On Fail, the checks before any request. Its tests against a
 * mocked service: send.test.ts.
 */
import { emulatorRequests } from '../../e2e/harness';
import type { WorkflowJson } from '../../workflow/harness';
import { nodeJson } from '../../workflow/run-result';
import { useEngine } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const SENDER = '65f0c0ffee00000000000001';

describe("rcs.send in n8n's engine against the emulator", () => {
	const suite = useEngine();
	const emulator = () => suite.emulator();

	const single = (parameters: Record<string, unknown>, onError?: string): WorkflowJson =>
		({
			name: 'rcs',
			nodes: [
				{
					id: 'rcs-1',
					name: 'RCS',
					type: 'n8n-nodes-smsapi-plus.smsapi',
					typeVersion: 1,
					position: [0, 0],
					parameters: { resource: 'rcs', ...parameters },
					credentials: { smsapiApi: suite.credential('smsapiApi') },
					...(onError ? { onError } : {}),
				},
			],
			connections: {},
			settings: { executionOrder: 'v1' },
		}) as WorkflowJson;

	const send = (more: Record<string, unknown> = {}) => ({
		operation: 'send',
		sender: '={{ $json.sender }}',
		phoneNumber: '={{ $json.phone }}',
		contentType: 'text',
		text: 'Your parcel arrives today.',
		...more,
	});

	it('sends from the sender the account has, then lists it among the messages; the senders list gives that sender', async () => {
		const input = ['48500000001', '48500000002'].map((phone) => ({ json: { phone, sender: SENDER } }));
		const run = await suite.n8n().run(single(send()), { startNode: 'RCS', input });
		expect(run.status).toBe('success');
		const output = nodeJson(run, 'RCS');
		expect(output.map((item) => [item.phone_number, item.sent, typeof item.id])).toEqual([
			['48500000001', true, 'string'],
			['48500000002', true, 'string'],
		]);
		const requests = await emulatorRequests(emulator(), { path: '/rcs/messages' });
		expect(requests.map((request) => [request.responseStatus, request.violations])).toEqual([
			[201, undefined],
			[201, undefined],
		]);

		const messages = await suite.n8n().run(single({ operation: 'getManyMessages', returnAll: true }), { startNode: 'RCS' });
		expect(nodeJson(messages, 'RCS').map((item) => [item.id, item.recipient, item.sender, item.senderId])).toEqual(
			output.map((item) => [item.id, item.phone_number, 'MyShop', SENDER]),
		);
		const senders = await suite.n8n().run(single({ operation: 'getSenders', returnAll: true }), { startNode: 'RCS' });
		expect(nodeJson(senders, 'RCS')).toEqual([{ id: SENDER, sender: 'MyShop' }]);
	});

	it("an unknown sender is the service's 400; with Continue On Fail that item is an error item and the next one is sent", async () => {
		const input = [
			{ json: { phone: '48500000001', sender: 'ffffffffffffffffffffffff' } },
			{ json: { phone: '48500000002', sender: SENDER } },
		];
		const failed = await suite.n8n().run(single(send()), { startNode: 'RCS', input: input.slice(0, 1) });
		expect(failed.status).toBe('error');
		expect(failed.error?.message).toMatch(/invalid_domain_logic/);

		const run = await suite.n8n().run(single(send(), 'continueRegularOutput'), { startNode: 'RCS', input });
		expect(run.status).toBe('success');
		expect(nodeJson(run, 'RCS').map((item) => item.error ?? item.phone_number)).toEqual([
			expect.stringMatching(/invalid_domain_logic/),
			'48500000002',
		]);
		const requests = await emulatorRequests(emulator(), { path: '/rcs/messages' });
		expect(requests.map((request) => [request.responseStatus, request.violations])).toEqual([
			[400, undefined],
			[400, undefined],
			[201, undefined],
		]);
	});

	it('a sender that is not an id, a bad number or an empty text stop the item before any request', async () => {
		const cases = [
			[{ phone: '48500000001', sender: 'MyShop' }, {}, 'Not an RCS sender id: "MyShop"'],
			[{ phone: '48-x', sender: SENDER }, {}, 'Not a valid phone number'],
			[{ phone: '48500000001', sender: SENDER }, { text: '={{ "  " }}' }, 'Enter the text of the RCS message'],
		] as const;
		for (const [json, more, message] of cases) {
			const run = await suite.n8n().run(single(send(more)), { startNode: 'RCS', input: [{ json }] });
			expect(run.status).toBe('error');
			expect(run.error?.message).toContain(message);
		}
		expect(await emulatorRequests(emulator(), { path: '/rcs/messages' })).toEqual([]);
	});
});
