/**
 * Voice Message (VMS) → Send against a mocked service (nock): the SMS send's machinery; text to speech
 * with the lector, attempts and interval, or an audio file's address; Caller ID cleaned as from, Skip
 * Mobile Numbers as skip_gsm=1; the checks before anything is sent, Continue On Fail, the service's
 * error 103. Its workflows in n8n's engine: send.engine.test.ts.
 */
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';
import { mediaDo } from '../support/sms-do';

useMockedNetwork();

const vms = (to: string, options = {}) => ({ resource: 'vms', operation: 'send', to, contentType: 'tts', tts: 'Hello there', options });

describe('vms.send', () => {
	it('text to speech with the lector, attempts and interval; an audio file instead of text', async () => {
		const service = mockService().on('POST', '/vms.do', (request) => [200, mediaDo(request.body)]);
		await runNode({ parameters: vms('48500000001', { ttsLector: 'jan', try: 3, interval: 60 }) });
		expect(service.calls[0].body).toMatchObject({ to: '48500000001', tts: 'Hello there', tts_lector: 'jan', try: '3', interval: '60', check_idx: '1' });
		await runNode({ parameters: { ...vms('48500000001'), contentType: 'file', file: 'https://example.com/a.wav' } });
		expect(service.calls[1].body.file).toBe('https://example.com/a.wav');
		expect(service.calls[1].body.tts).toBeUndefined();
	});

	it('Caller ID goes cleaned as from, Skip Mobile Numbers as skip_gsm=1; neither is sent when not set', async () => {
		const service = mockService().on('POST', '/vms.do', (request) => [200, mediaDo(request.body)]);
		await runNode({ parameters: vms('48221234567', { from: '+48 22 123-45-67', skipGsm: true }) });
		expect(service.calls[0].body).toMatchObject({ from: '48221234567', skip_gsm: '1' });
		await runNode({ parameters: vms('48221234567', { from: '  ', skipGsm: false }) });
		expect(service.calls[1].body.from).toBeUndefined();
		expect(service.calls[1].body.skip_gsm).toBeUndefined();
	});

	it('a Caller ID that is not a phone number is refused before anything is sent; Continue On Fail sends the other items', async () => {
		const service = mockService().on('POST', '/vms.do', (request) => [200, mediaDo(request.body)]);
		const error = await failure(runNode({ parameters: vms('48500000001', { from: 'MyShop' }) }));
		expect(error.message).toBe('Caller ID is not a phone number: "MyShop"');
		expect(error.description).toMatch(/^Nothing was sent for this item\./);
		expect(service.calls).toHaveLength(0);
		const output = await runNode({ parameters: [vms('48500000001', { from: '12' }), vms('48500000002')], continueOnFail: true });
		expect(service.calls).toHaveLength(1);
		expect(output.map((item) => item.json.error ?? item.json.number)).toEqual(['Caller ID is not a phone number: "12"', '48500000002']);
	});

	it('with Continue On Fail an invalid item becomes an error item and the others are still sent', async () => {
		const service = mockService().on('POST', '/vms.do', (request) => [200, mediaDo(request.body)]);
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
