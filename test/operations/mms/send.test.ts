/**
 * MMS → Send against a mocked service (nock): the SMS send's machinery, so items with the same
 * content travel in one mms.do request with generated idx and check_idx=1 and one output item per
 * message; a bad picture address, a SMIL that is not SMIL and an invalid number refused before
 * anything is sent. In n8n's engine against the emulator: a lost answer on the primary repeated on
 * the backup with the same idx and refused (53), so every number got one MMS; one MMS with Continue
 * On Fail, its request guarded by check_idx.
 */
import { emulatorRequests } from '../../e2e/harness';
import { injectFault, messages } from '../../e2e/sms/support';
import { recorded } from '../../workflow/resource-fixtures';
import { nodeJson } from '../../workflow/run-result';
import { firstJson, singleNodeWorkflow, useChainWorkflows } from '../support/engine';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';
import { mediaDo } from '../support/sms-do';

useMockedNetwork();

const mms = (to: string, options = {}) => ({ resource: 'mms', operation: 'send', to, subject: 'Ticket', contentType: 'picture', pictureUrl: 'https://example.com/t.jpg?a=1&b="2"', options });

describe('mms.send', () => {
	it('items with the same content travel in one mms.do request with generated idx and check_idx=1; one output item per message', async () => {
		const service = mockService().on('POST', '/mms.do', (request) => [200, mediaDo(request.body)]);
		const output = await runNode({ parameters: [mms('48500000001'), mms('48500000002')] });
		expect(service.calls).toHaveLength(1);
		const body = service.calls[0].body;
		expect(body.to).toBe('48500000001,48500000002');
		expect(body.subject).toBe('Ticket');
		expect(body.smil).toContain('<img src="https://example.com/t.jpg?a=1&amp;b=&quot;2&quot;" region="Image"/>');
		expect(body.check_idx).toBe('1');
		expect(body.idx.split('|')).toHaveLength(2);
		expect(body.message).toBeUndefined();
		expect(output.map((item) => [item.json.number, item.json.points, item.pairedItem])).toEqual([
			['48500000001', 0.3, { item: 0 }],
			['48500000002', 0.3, { item: 1 }],
		]);
	});

	it('a bad picture address, a SMIL that is not SMIL and an invalid number are refused before anything is sent', async () => {
		const service = mockService().on('POST', '/mms.do', (request) => [200, mediaDo(request.body)]);
		expect((await failure(runNode({ parameters: { ...mms('48500000001'), pictureUrl: 'file:///etc/passwd' } }))).message).toMatch(
			/Picture URL is not an http\(s\) address/,
		);
		expect((await failure(runNode({ parameters: { ...mms('48500000001'), contentType: 'smil', smil: 'hello' } }))).message).toMatch(/SMIL document/);
		expect((await failure(runNode({ parameters: mms('48x') }))).message).toMatch(/Not a valid phone number/);
		expect(service.calls).toHaveLength(0);
	});
});

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
