import { failure, mockService, runNode, useMockedNetwork } from './support/run-node';

useMockedNetwork();

/** An answer of mms.do / vms.do for the request's recipients and idx values. */
function answer(body: Record<string, string>) {
	const numbers = body.to.split(',');
	const idx = body.idx?.split('|') ?? [];
	return {
		count: numbers.length,
		list: numbers.map((number, i) => ({ id: `m${i}`, points: '0.3', number, date_sent: 1, submitted_number: number, status: 'QUEUE', idx: idx[i] ?? null })),
	};
}

const mms = (to: string, options = {}) => ({ resource: 'mms', operation: 'send', to, subject: 'Ticket', contentType: 'picture', pictureUrl: 'https://example.com/t.jpg?a=1&b="2"', options });
const vms = (to: string, options = {}) => ({ resource: 'vms', operation: 'send', to, contentType: 'tts', tts: 'Hello there', options });

describe('mms.send and vms.send (the SMS send machinery)', () => {
	it('MMS: items with the same content travel in one mms.do request with generated idx and check_idx=1; one output item per message', async () => {
		const service = mockService().on('POST', '/mms.do', (request) => [200, answer(request.body)]);
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

	it('MMS: a bad picture address, a SMIL that is not SMIL and an invalid number are refused before anything is sent', async () => {
		const service = mockService().on('POST', '/mms.do', (request) => [200, answer(request.body)]);
		expect((await failure(runNode({ parameters: { ...mms('48500000001'), pictureUrl: 'file:///etc/passwd' } }))).message).toMatch(
			/Picture URL is not an http\(s\) address/,
		);
		expect((await failure(runNode({ parameters: { ...mms('48500000001'), contentType: 'smil', smil: 'hello' } }))).message).toMatch(/SMIL document/);
		expect((await failure(runNode({ parameters: mms('48x') }))).message).toMatch(/Not a valid phone number/);
		expect(service.calls).toHaveLength(0);
	});

	it('VMS: text to speech with the lector, attempts and interval; an audio file instead of text', async () => {
		const service = mockService().on('POST', '/vms.do', (request) => [200, answer(request.body)]);
		await runNode({ parameters: vms('48500000001', { ttsLector: 'jan', try: 3, interval: 60 }) });
		expect(service.calls[0].body).toMatchObject({ to: '48500000001', tts: 'Hello there', tts_lector: 'jan', try: '3', interval: '60', check_idx: '1' });
		await runNode({ parameters: { ...vms('48500000001'), contentType: 'file', file: 'https://example.com/a.wav' } });
		expect(service.calls[1].body.file).toBe('https://example.com/a.wav');
		expect(service.calls[1].body.tts).toBeUndefined();
	});

	it('VMS: Caller ID goes cleaned as from, Skip Mobile Numbers as skip_gsm=1; neither is sent when not set', async () => {
		const service = mockService().on('POST', '/vms.do', (request) => [200, answer(request.body)]);
		await runNode({ parameters: vms('48221234567', { from: '+48 22 123-45-67', skipGsm: true }) });
		expect(service.calls[0].body).toMatchObject({ from: '48221234567', skip_gsm: '1' });
		await runNode({ parameters: vms('48221234567', { from: '  ', skipGsm: false }) });
		expect(service.calls[1].body.from).toBeUndefined();
		expect(service.calls[1].body.skip_gsm).toBeUndefined();
	});

	it('VMS: a Caller ID that is not a phone number is refused before anything is sent; Continue On Fail sends the other items', async () => {
		const service = mockService().on('POST', '/vms.do', (request) => [200, answer(request.body)]);
		const error = await failure(runNode({ parameters: vms('48500000001', { from: 'MyShop' }) }));
		expect(error.message).toBe('Caller ID is not a phone number: "MyShop"');
		expect(error.description).toMatch(/^Nothing was sent for this item\./);
		expect(service.calls).toHaveLength(0);
		const output = await runNode({ parameters: [vms('48500000001', { from: '12' }), vms('48500000002')], continueOnFail: true });
		expect(service.calls).toHaveLength(1);
		expect(output.map((item) => item.json.error ?? item.json.number)).toEqual(['Caller ID is not a phone number: "12"', '48500000002']);
	});

	it('VMS: with Continue On Fail an invalid item becomes an error item and the others are still sent', async () => {
		const service = mockService().on('POST', '/vms.do', (request) => [200, answer(request.body)]);
		const output = await runNode({ parameters: [vms('48500000001'), { ...vms('48500000002'), tts: '' }], continueOnFail: true });
		expect(service.calls).toHaveLength(1);
		expect(output.map((item) => item.json.error ?? item.json.number)).toEqual(['48500000001', 'Enter the text to read out']);
	});

	it("error 103 (no credits) of vms.do is the service's error with its meaning", async () => {
		mockService().on('POST', '/vms.do', () => [200, { error: 103, message: 'Not enough points' }]);
		const error = await failure(runNode({ parameters: vms('48500000001') }));
		expect(error.message).toMatch(/SMSAPI error 103/);
	});
});
