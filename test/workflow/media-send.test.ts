/**
 * MMS and voice sends through n8n's engine in-process against the emulator: they ride the SMS
 * send's machinery, so a lost answer on the primary is repeated on the backup with the same idx
 * and the service's 53 proves the first was accepted: every number gets one message.
 */
import { emulatorRequests } from '../e2e/harness';
import { injectFault, messages } from '../e2e/sms/support';
import type { WorkflowJson } from './harness';
import { nodeJson } from './run-result';
import { useEmulatorSuite } from './suite';

describe('in-process n8n: MMS and voice sends', () => {
	const suite = useEmulatorSuite({ emulator: { dlrDelayMs: 600_000 } });
	const emulator = () => suite.emulator();

	beforeEach(() => emulator().reset());

	const single = (parameters: Record<string, unknown>): WorkflowJson =>
		({
			name: 'media send',
			nodes: [
				{
					id: 'media-1',
					name: 'Send',
					type: 'n8n-nodes-smsapi-plus.smsapi',
					typeVersion: 1,
					position: [0, 0],
					parameters,
					credentials: { smsapiApi: suite.credential('smsapiApi') },
				},
			],
			connections: {},
			settings: { executionOrder: 'v1' },
		}) as WorkflowJson;

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

	it('voice: items with different texts travel in separate vms.do requests, each answered to its own item', async () => {
		const workflow = single({ resource: 'vms', operation: 'send', to: '={{ $json.phone }}', contentType: 'tts', tts: '={{ $json.text }}', options: {} });
		const input = [
			{ json: { phone: '48500000001', text: 'Your visit is at ten' } },
			{ json: { phone: '48500000002', text: 'Your visit is at ten' } },
			{ json: { phone: '48500000003', text: 'Your visit is at noon' } },
		];
		const run = await suite.n8n().run(workflow, { startNode: 'Send', input });
		const requests = await emulatorRequests(emulator(), { path: '/vms.do' });
		expect(requests.map((request) => (request.body as Record<string, string>).to)).toEqual(['48500000001,48500000002', '48500000003']);
		expect(nodeJson(run, 'Send').map((item) => [item.number, item.points])).toEqual([
			['48500000001', 0.21],
			['48500000002', 0.21],
			['48500000003', 0.21],
		]);
	});

	it('voice: a verified Caller ID and Skip Mobile Numbers call only the landline (the mobile item fails, Continue On Fail); an unverified Caller ID is the service error 14', async () => {
		const parameters = { resource: 'vms', operation: 'send', to: '={{ $json.phone }}', contentType: 'tts', tts: 'Office closed today' };
		const workflow = single({ ...parameters, options: { from: '+48 500 100 200', skipGsm: true } });
		Object.assign(workflow.nodes[0], { onError: 'continueRegularOutput' });
		const input = ['48221234567', '48500000001'].map((phone) => ({ json: { phone } }));
		const run = await suite.n8n().run(workflow, { startNode: 'Send', input });
		expect(run.status).toBe('success');
		expect(nodeJson(run, 'Send').map((item) => item.number ?? item.error)).toEqual([
			'48221234567',
			expect.stringContaining('Mobile number left out (skip_gsm)'),
		]);
		const [request] = await emulatorRequests(emulator(), { path: '/vms.do' });
		expect(request.body).toMatchObject({ from: '48500100200', skip_gsm: '1', to: '48221234567,48500000001' });
		expect(request.violations).toBeUndefined();

		const refused = await suite.n8n().run(single({ ...parameters, to: '48221234567', options: { from: '48221111111' } }), { startNode: 'Send' });
		expect(refused.status).toBe('error');
		expect(refused.error?.message).toMatch(/SMSAPI error 14/);
		expect((await messages(emulator())).map((message) => message.number)).toEqual(['48221234567']);
	});
});
