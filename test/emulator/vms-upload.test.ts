/**
 * vms.do with an uploaded audio file (multipart/form-data, docs/service-differences.md R2): the
 * shape of smsapi-javascript-client's `getFormDataForVmsLocalFile` is taken and its bytes are
 * recorded; every other shape is refused as the service would, and recorded as a violation.
 */
import { createHash } from 'node:crypto';

import { multipartBody, wavFile } from '../support/wav';
import { emu, TOKEN, takeViolations, useTestEmulator } from './helpers';

useTestEmulator();

const BOUNDARY = '--------------------------515890814546601021194782';
const wav = wavFile({ samples: 1600 });
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function upload(body: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) {
	const response = await fetch(`${emu.primaryUrl}/vms.do`, {
		method: 'POST',
		headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': contentType },
		body,
	});
	return (await response.json()) as Record<string, any>;
}

/** The JavaScript client's fields: `to` first and again in the loop, booleans 1/0, format=json. */
const clientFields = (extra: Array<[string, string]> = []): Array<[string, string]> => [
	['to', '48500000001'],
	['details', '1'],
	['encoding', 'utf-8'],
	['format', 'json'],
	['to', '48500000001'],
	...extra,
];
const file = (overrides: Partial<{ name: string; filename: string; contentType: string; data: Buffer }> = {}) => ({
	contentType: 'audio/wav',
	data: wav,
	...overrides,
});

describe('vms.do: an uploaded audio file', () => {
	it("the client's shape is taken: one call per number, the file's size and SHA-256 on the message and the request record", async () => {
		const answer = await upload(multipartBody(BOUNDARY, clientFields([['idx', 'up-1'], ['check_idx', '1']]), file()));
		expect(answer).toMatchObject({ count: 1, list: [{ number: '48500000001', idx: 'up-1', points: 0.21 }] });
		const [message] = emu.state.messages;
		expect(message).toMatchObject({ channel: 'vms', text: 'vms.wav', audio: { name: 'file', filename: 'vms.wav', contentType: 'audio/wav', bytes: wav.length, sha256: sha256(wav) } });
		const [record] = emu.state.requests;
		expect(record.body).toMatchObject({ to: '48500000001', idx: 'up-1', check_idx: '1' });
		expect(record.files).toEqual([expect.objectContaining({ bytes: wav.length, sha256: sha256(wav) })]);
		// The idx guard holds in multipart as in a form: the same idx again is error 53.
		expect(await upload(multipartBody(BOUNDARY, clientFields([['idx', 'up-1'], ['check_idx', '1']]), file()))).toMatchObject({ error: 53 });
	});

	it('a file that is no WAV, or over 2 MB, is the service error 11 (assumed) and sends nothing', async () => {
		expect(await upload(multipartBody(BOUNDARY, clientFields(), file({ data: Buffer.from('ID3 not a wave file, an mp3 maybe'.repeat(3)) })))).toMatchObject({ error: 11 });
		const large = Buffer.concat([wav, Buffer.alloc(2 * 1024 * 1024)]);
		expect(await upload(multipartBody(BOUNDARY, clientFields(), file({ data: large })))).toMatchObject({ error: 11 });
		expect(emu.state.messages).toHaveLength(0);
	});

	it.each([
		['a file part of another type', file({ contentType: 'audio/mpeg' }), [], ['file']],
		['a file part without a type', file({ contentType: undefined }), [], ['file']],
		['a file that is not .wav', file({ filename: 'greeting.mp3' }), [], ['file']],
		['the file under another name', file({ name: 'audio' }), [], ['audio']],
		['the file and tts', file(), [['tts', 'Hello']], ['file']],
		['the file and a file address', file(), [['file', 'https://example.com/a.wav']], ['file']],
		['a parameter twice with different values', file(), [['to', '48500000002']], ['body']],
		['an unknown parameter', file(), [['voice', 'x']], ['voice']],
	] as const)('refused: %s', async (_name, part, extra, paths) => {
		const answer = await upload(multipartBody(BOUNDARY, clientFields(extra as unknown as Array<[string, string]>), part as ReturnType<typeof file>));
		expect(answer).toMatchObject({ error: 8 });
		expect(takeViolations(emu)).toEqual([`POST /vms.do: ${paths.join(', ')}`]);
		expect(emu.state.messages).toHaveLength(0);
	});

	it('refused: a body that does not end with its boundary, and an upload to mms.do', async () => {
		// Unreadable, so no format=json either: the plain-text error.
		const cut = multipartBody(BOUNDARY, clientFields(), file()).subarray(0, 400);
		const reply = await fetch(`${emu.primaryUrl}/vms.do`, {
			method: 'POST',
			headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
			body: cut,
		});
		expect(await reply.text()).toBe('ERROR:8');
		expect(takeViolations(emu)).toEqual(['POST /vms.do: body']);
		const mms = await fetch(`${emu.primaryUrl}/mms.do`, {
			method: 'POST',
			headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
			body: multipartBody(BOUNDARY, [['format', 'json'], ['to', '48500000001'], ['smil', '<smil></smil>']], file()),
		});
		expect(await mms.json()).toMatchObject({ error: 8 });
		expect(takeViolations(emu)).toEqual(['POST /mms.do: content-type']);
	});
});
