/**
 * Voice Message (VMS) → Send in n8n's engine in-process (support/engine.ts) against the emulator:
 * texts in their own requests, a verified and an unverified Caller ID, a number the service refuses
 * and one the node refuses (Continue On Fail), and an audio file made by an earlier node (n8n's
 * Convert to File) uploaded intact and repeated on the backup after a lost answer. Audio File From
 * Binary Data at the operation level: audioFile.test.ts and audioFile.memory.test.ts. Its
 * tests against a mocked service: send.test.ts.
 */
import { createHash } from 'node:crypto';
import { emulatorRequests } from '../../e2e/harness';
import { injectFault, messages } from '../../e2e/sms/support';
import { wavFile } from '../../support/wav';
import type { WorkflowJson } from '../../workflow/harness';
import { recorded } from '../../workflow/resource-fixtures';
import { nodeJson } from '../../workflow/run-result';
import { firstJson, singleNodeWorkflow, useChainWorkflows } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe("vms.send in n8n's engine against the emulator", () => {
	const suite = useChainWorkflows({
		'vms-continue': {
			chains: [
				[
					[
						'VMS Send',
						{
							resource: 'vms',
							operation: 'send',
							to: '48500000003, 99912345678',
							contentType: 'tts',
							tts: 'Your visit is tomorrow',
							options: { ttsLector: 'maja' },
						},
					],
					[
						'VMS Invalid',
						{
							resource: 'vms',
							operation: 'send',
							to: '48-abc',
							contentType: 'tts',
							tts: 'x',
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

	it('with Continue On Fail: a number the service refuses and one the node refuses are error items; the call went once, with check_idx=1', async () => {
		const run = await suite.run('vms-continue');
		expect(run.error).toBeUndefined();
		const vms = nodeJson(run, 'VMS Send');
		expect(vms[0]).toMatchObject({ number: '48500000003', points: 0.21 });
		expect(vms[1].error).toMatch(/99912345678/);
		expect(firstJson(run, 'VMS Invalid').error).toMatch(/^Not a valid phone number/);
		const sends = (await recorded(emulator())).filter((request) => /^\/[mv]ms\.do$/.test(request.path));
		expect(sends.map((request) => [request.path, request.body.check_idx])).toEqual([['/vms.do', '1']]);
		expect(emulator().state.messages.map((message) => [message.channel, message.number])).toEqual([['vms', '48500000003']]);
	}, 30_000);

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

	/**
	 * Start (No Operation) holds the items, Convert to File (n8n's own node) makes each item's WAV
	 * binary data from its base64, the SMSAPI node calls the item's phone with it.
	 */
	const fromBinary = (smsapi: Record<string, unknown>): WorkflowJson => {
		const workflow = single({ resource: 'vms', operation: 'send', to: "={{ $('Start').item.json.phone }}", contentType: 'binary', options: {}, ...smsapi });
		workflow.nodes.unshift({
			id: 'convert-1',
			name: 'Convert to File',
			type: 'n8n-nodes-base.convertToFile',
			typeVersion: 1.1,
			position: [-200, 0],
			parameters: { operation: 'toBinary', sourceProperty: 'audio', options: { fileName: 'greeting.wav', mimeType: 'audio/wav' } },
		} as WorkflowJson['nodes'][number]);
		workflow.nodes.unshift({ id: 'start-1', name: 'Start', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [-400, 0], parameters: {} } as WorkflowJson['nodes'][number]);
		workflow.connections = {
			Start: { main: [[{ node: 'Convert to File', type: 'main', index: 0 }]] },
			'Convert to File': { main: [[{ node: 'Send', type: 'main', index: 0 }]] },
		};
		return workflow;
	};
	const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

	it('voice from binary data: each WAV arrives intact (size, SHA-256); a lost answer is repeated on the backup, refused (53), called once', async () => {
		await injectFault(emulator(), { address: 'primary', endpoint: 'vms.do', mode: 'lost', times: 1 });
		const files = [wavFile({ hz: 440 }), wavFile({ hz: 660, samples: 1200 })];
		const input = files.map((file, i) => ({ json: { phone: `4850000000${i + 1}`, audio: file.toString('base64') } }));
		const run = await suite.n8n().run(fromBinary({}), { startNode: 'Start', input });
		expect(run.status).toBe('success');

		const requests = await emulatorRequests(emulator(), { path: '/vms.do' });
		// The two items' requests go out side by side; the one whose answer was lost is repeated on the backup.
		expect(requests.map((request) => [request.address, request.responseStatus, request.violations]).sort()).toEqual([
			['backup', 200, undefined],
			['primary', 200, undefined],
			['primary', 'lost', undefined],
		]);
		const lost = requests.find((request) => request.responseStatus === 'lost') as (typeof requests)[number];
		const repeat = requests.find((request) => request.address === 'backup') as (typeof requests)[number];
		expect(repeat.body).toEqual(lost.body);
		expect((repeat as { files?: unknown }).files).toEqual((lost as { files?: unknown }).files);
		expect((repeat.body as Record<string, string>).check_idx).toBe('1');
		const sent = await messages(emulator());
		expect(sent.map((message) => [message.number, (message as { audio?: { bytes: number; sha256: string } }).audio])).toEqual(
			files.map((file, i) => [`4850000000${i + 1}`, expect.objectContaining({ filename: 'vms.wav', contentType: 'audio/wav', bytes: file.length, sha256: sha256(file) })]),
		);
		const lostNumber = (lost.body as Record<string, string>).to;
		expect(nodeJson(run, 'Send').map((item) => [item.number, item.accepted_earlier ?? false])).toEqual(
			['48500000001', '48500000002'].map((number) => [number, number === lostNumber]),
		);
	});

	it('voice from binary data: an item without the binary field or with a file that is no WAV fails alone (Continue On Fail); nothing is sent for it', async () => {
		const workflow = fromBinary({ binaryPropertyName: `={{ $('Start').item.json.phone === "48500000003" ? "missing" : "data" }}` });
		Object.assign(workflow.nodes[2], { onError: 'continueRegularOutput' });
		const audio = [wavFile(), Buffer.from('ID3 this is no wave file at all, an mp3 header').subarray(0), wavFile()];
		const input = audio.map((file, i) => ({ json: { phone: `4850000000${i + 1}`, audio: file.toString('base64') } }));
		const run = await suite.n8n().run(workflow, { startNode: 'Start', input });
		expect(run.status).toBe('success');
		expect(nodeJson(run, 'Send').map((item) => item.number ?? item.error)).toEqual([
			'48500000001',
			expect.stringMatching(/^The audio file "greeting.wav" is not a WAV file \(it has no RIFF\/WAVE header\)$/),
			'No binary data "missing" on this item to play',
		]);
		expect((await messages(emulator())).map((message) => message.number)).toEqual(['48500000001']);

		Object.assign(workflow.nodes[2], { onError: undefined });
		const stopped = await suite.n8n().run(workflow, { startNode: 'Start', input: input.slice(2) });
		expect(stopped.status).toBe('error');
		expect(stopped.error?.message).toBe('No binary data "missing" on this item to play');
		expect(await emulatorRequests(emulator(), { path: '/vms.do' })).toHaveLength(1);
	});
});
