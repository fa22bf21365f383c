/**
 * Voice Message → Send with Audio File From Binary Data (actions/vms/audioFile.ts) at the operation level: the item's
 * binary data goes to vms.do as multipart/form-data in the shape of smsapi-javascript-client
 * (docs/service-differences.md, R2), checked before anything is sent, guarded by idx and
 * check_idx like every send, and repeated byte for byte on the backup address. Only the audio of
 * the requests in flight is held: audioFile.memory.test.ts; a file made by an earlier node in
 * n8n's engine: send.engine.test.ts.
 */
import nock from 'nock';
import type { IBinaryKeyData } from 'n8n-workflow';

import { parseMultipart } from '../../emulator/multipart';
import { BACKUP, PRIMARY, TOKEN, USERNAME, PASSWORD_MD5, legacyCredentials, tokenCredentials } from '../../support/n8n-context';
import { multipartBody, wavFile } from '../../support/wav';
import { type WireRequest, failure, mockService, rawBody, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const wav = wavFile();
const binary = (data: Buffer, mimeType = 'audio/wav', fileName = 'greeting.wav'): IBinaryKeyData => ({
	data: { data: data.toString('base64'), mimeType, fileName },
});
const vms = (to: string, options = {}, extra = {}) => ({ resource: 'vms', operation: 'send', to, contentType: 'binary', options, ...extra });

/** vms.do's answer for the parts of a multipart request. */
function answer(request: WireRequest) {
	const parsed = parseMultipart(request.raw, String(request.headers['content-type']));
	if ('error' in parsed) throw new Error(parsed.error);
	const numbers = parsed.fields.to.split(',');
	const idx = parsed.fields.idx.split('|');
	return { count: numbers.length, list: numbers.map((number, i) => ({ id: `v${i}`, points: 0.21, number, submitted_number: number, status: 'QUEUE', idx: idx[i] })) };
}

function partsOf(request: WireRequest) {
	const parsed = parseMultipart(request.raw, String(request.headers['content-type']));
	if ('error' in parsed) throw new Error(parsed.error);
	return parsed;
}

describe('vms.send: an audio file from binary data', () => {
	it('goes as multipart/form-data: every parameter a text part, the file the part file (vms.wav, audio/wav), the exact bytes', async () => {
		const service = mockService().on('POST', '/vms.do', (request) => [200, answer(request)]);
		const output = await runNode({ parameters: vms('48500000001', { try: 2 }), binaries: [binary(wav)] });
		expect(service.calls).toHaveLength(1);
		const [request] = service.calls;
		const match = /^multipart\/form-data; boundary=(----n8nSmsapiBoundary[0-9a-f]{32})$/.exec(String(request.headers['content-type']));
		expect(match).not.toBeNull();
		const boundary = (match as RegExpExecArray)[1];
		const idx = partsOf(request).fields.idx;
		expect(idx).toMatch(/^[0-9a-f]{32}$/);
		const expected = multipartBody(
			boundary,
			[['format', 'json'], ['to', '48500000001'], ['try', '2'], ['check_idx', '1'], ['idx', idx]],
			{ name: 'file', filename: 'vms.wav', contentType: 'audio/wav', data: wav },
		);
		expect(request.raw.equals(expected)).toBe(true);
		expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
		expect(output).toEqual([{ json: expect.objectContaining({ number: '48500000001', idx, points: 0.21 }), pairedItem: { item: 0 } }]);
	});

	it('items with the same file share a request; a different file goes in its own; another Input Binary Field is read', async () => {
		const service = mockService().on('POST', '/vms.do', (request) => [200, answer(request)]);
		const other = wavFile({ hz: 880 });
		const output = await runNode({
			parameters: [vms('48500000001', {}, { binaryPropertyName: 'data' }), vms('48500000002', {}, { binaryPropertyName: 'data' }), vms('48500000003', {}, { binaryPropertyName: 'audio' })],
			binaries: [binary(wav), binary(wav), { audio: binary(other).data }],
		});
		expect(service.calls.map((call) => [partsOf(call).fields.to, partsOf(call).files[0].data.equals(call === service.calls[0] ? wav : other)])).toEqual([
			['48500000001,48500000002', true],
			['48500000003', true],
		]);
		expect(output.map((item) => [item.json.number, item.pairedItem])).toEqual([
			['48500000001', { item: 0 }],
			['48500000002', { item: 1 }],
			['48500000003', { item: 2 }],
		]);
	});

	it.each([
		['no binary data', undefined, /^No binary data "data" on this item to play$/],
		['an MP3', binary(Buffer.from('ID3'.repeat(30)), 'audio/mpeg', 'a.mp3'), /^The audio file "a.mp3" is not a WAV file \(its type is audio\/mpeg\)$/],
		['no RIFF/WAVE header', binary(Buffer.alloc(100), 'application/octet-stream', 'x.bin'), /^The audio file "x.bin" is not a WAV file \(it has no RIFF\/WAVE header\)$/],
		['over 2 MB', binary(Buffer.concat([wav, Buffer.alloc(2 * 1024 * 1024)])), /^The audio file "greeting.wav" is too large: 2,098,796 bytes, at most 2,097,152 bytes \(2 MB\)$/],
	])('refused before anything is sent: %s', async (_name, data, message) => {
		const service = mockService().on('POST', '/vms.do', (request) => [200, answer(request)]);
		const error = await failure(runNode({ parameters: vms('48500000001'), binaries: [data] }));
		expect(error.message).toMatch(message);
		expect(error.description).toMatch(/^Nothing was sent for this item\./);
		expect(service.calls).toHaveLength(0);
	});

	it('an empty Input Binary Field is refused; with Continue On Fail the other items are sent', async () => {
		const service = mockService().on('POST', '/vms.do', (request) => [200, answer(request)]);
		const output = await runNode({
			parameters: [' ', 'data', 'data'].map((binaryPropertyName, i) => vms(`4850000000${i + 1}`, {}, { binaryPropertyName })),
			binaries: [binary(wav), undefined, binary(wav)],
			continueOnFail: true,
		});
		expect(service.calls).toHaveLength(1);
		expect(partsOf(service.calls[0]).fields.to).toBe('48500000003');
		expect(output.map((item) => item.json.error ?? item.json.number)).toEqual(['Enter the Input Binary Field', 'No binary data "data" on this item to play', '48500000003']);
	});

	it("the primary's answer is lost: the backup gets the same bytes (boundary, idx, check_idx=1) and answers 53, so the call is reported as accepted once", async () => {
		const primary: Buffer[] = [];
		nock(PRIMARY)
			.post('/vms.do', (body: unknown) => {
				primary.push(rawBody(body));
				return true;
			})
			.replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
		const backup: Buffer[] = [];
		nock(BACKUP)
			.post('/vms.do', (body: unknown) => {
				backup.push(rawBody(body));
				return true;
			})
			.reply(200, { error: 53, message: 'idx already used' });
		const output = await runNode({ parameters: vms('48500000001'), binaries: [binary(wav)], credentials: tokenCredentials({ backupUrl: BACKUP }) });
		expect(primary).toHaveLength(1);
		expect(backup).toHaveLength(1);
		expect(backup[0].equals(primary[0])).toBe(true);
		const repeated = parseMultipart(backup[0], `multipart/form-data; boundary=${backup[0].toString('latin1', 2, backup[0].indexOf('\r\n'))}`);
		if ('error' in repeated) throw new Error(repeated.error);
		expect(repeated.fields.check_idx).toBe('1');
		expect(repeated.files[0].data.equals(wav)).toBe(true);
		expect(output).toEqual([{ json: { id: null, number: '48500000001', idx: repeated.fields.idx, status: 'ACCEPTED', accepted_earlier: true }, pairedItem: { item: 0 } }]);
	});

	it('the legacy login goes as two text parts of the upload (username, md5 password), nothing in the URL', async () => {
		const service = mockService().on('POST', '/vms.do', (request) => [200, answer(request)]);
		await runNode({ parameters: vms('48500000001'), binaries: [binary(wav)], credentials: legacyCredentials({ backupUrl: '' }) });
		const [request] = service.calls;
		expect([request.path, request.query]).toEqual(['/vms.do', {}]);
		expect(request.headers.authorization).toBeUndefined();
		const parts = partsOf(request);
		expect(parts.fields).toMatchObject({ username: USERNAME, password: PASSWORD_MD5 });
		expect(Object.keys(parts.fields).sort()).toEqual(['check_idx', 'format', 'idx', 'password', 'to', 'username']);
		expect(parts.files).toHaveLength(1);
		expect(parts.files[0].data.equals(wav)).toBe(true);
	});
});
