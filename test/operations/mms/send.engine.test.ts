/**
 * MMS → Send in n8n's engine in-process (support/engine.ts) against the emulator: a lost answer on the
 * primary repeated on the backup with the same idx and refused (53), so every number got one MMS; one
 * MMS with Continue On Fail, its request guarded by check_idx. Its tests against a mocked service:
 * send.test.ts.
 */
import { emulatorRequests } from '../../e2e/harness';
import { injectFault, messages } from '../../e2e/sms/support';
import { recorded } from '../../workflow/resource-fixtures';
import { nodeJson } from '../../workflow/run-result';
import { firstJson, singleNodeWorkflow, useChainWorkflows } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe("mms.send in n8n's engine against the emulator", () => {
	const suite = useChainWorkflows({
		'mms-continue': {
			chains: [
				[
					[
						'MMS Send',
						{
							resource: 'mms',
							operation: 'send',
							to: '48500000003',
							subject: 'Ticket',
							contentType: 'picture',
							pictureUrl: 'https://example.com/t.jpg',
							options: {},
						},
					],
				],
			],
			continueOnFail: true,
		},
	});
	const emulator = () => suite.emulator();
	const single = (parameters: Record<string, unknown>) => singleNodeWorkflow(suite.credential('token'), parameters);

	it('MMS: three items in one mms.do request; the primary loses the answer, the backup repeat is refused (53), each number got one MMS', async () => {
		await injectFault(emulator(), { address: 'primary', endpoint: 'mms.do', mode: 'lost', times: 1 });
		const workflow = single({
			resource: 'mms',
			operation: 'send',
			to: '={{ $json.phone }}',
			subject: 'Your ticket',
			contentType: 'picture',
			pictureUrl: 'https://example.com/ticket.jpg',
			options: {},
		});
		const input = ['48500000001', '48500000002', '48500000003'].map((phone) => ({ json: { phone } }));
		const run = await suite.n8n().run(workflow, { startNode: 'Send', input });
		expect(run.status).toBe('success');

		const requests = await emulatorRequests(emulator(), { path: '/mms.do' });
		expect(requests.map((request) => [request.address, request.responseStatus])).toEqual([
			['primary', 'lost'],
			['backup', 200],
		]);
		const sent = await messages(emulator());
		expect(sent.map((message) => message.number).sort()).toEqual(['48500000001', '48500000002', '48500000003']);
		expect(nodeJson(run, 'Send')).toEqual(
			['48500000001', '48500000002', '48500000003'].map((number) => expect.objectContaining({ number, accepted_earlier: true, status: 'ACCEPTED' })),
		);
	});

	it('one MMS with Continue On Fail: sent once, its request with check_idx=1', async () => {
		const run = await suite.run('mms-continue');
		expect(run.error).toBeUndefined();
		expect(firstJson(run, 'MMS Send')).toMatchObject({
			number: '48500000003',
			points: 0.3,
			idx: expect.any(String),
		});
		const sends = (await recorded(emulator())).filter((request) => /^\/[mv]ms\.do$/.test(request.path));
		expect(sends.map((request) => [request.path, request.body.check_idx])).toEqual([['/mms.do', '1']]);
		expect(emulator().state.messages.map((message) => [message.channel, message.number])).toEqual([['mms', '48500000003']]);
	}, 30_000);
});
