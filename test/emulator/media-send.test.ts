/**
 * The emulator's MMS and voice sends (mms.do and vms.do, media-send.ts): idx and check_idx, invalid
 * numbers skipped, delivery reports and inbound MMS to their own callback types, text to speech or
 * a file but not both, lectors. Uploaded audio files: vms-upload.test.ts.
 */
import { control, emu, post, postJson, startReceiver, takeViolations, useTestEmulator } from './helpers';

useTestEmulator();

const url = (path: string) => `${emu.primaryUrl}${path}`;

describe('mms.do and vms.do', () => {
	test('MMS: idx, check_idx (53 on a repeat), invalid numbers skipped, delivery reports to mms_dlr callbacks only', async () => {
		const receiver = await startReceiver();
		try {
			await postJson(url('/callbacks'), { type: 'mms_dlr', url: receiver.url });
			const smil = '<smil><body><par><img src="https://example.com/a.jpg"/></par></body></smil>';
			const params = { to: '48500000001,48221234567', subject: 'Hi', smil, idx: 'a|b', check_idx: 1, format: 'json' };
			const sent = (await post(url('/mms.do'), params)).json();
			expect(sent).toMatchObject({ count: 1, list: [{ number: '48500000001', points: 0.3, idx: 'a' }], invalid_numbers: [{ submitted_number: '48221234567' }] });
			expect((await post(url('/mms.do'), params)).json()).toMatchObject({ error: 53 });
			await control(emu, 'dlr', {});
			await control(emu, 'idle', {});
			const [report] = await receiver.waitFor(1);
			expect(report.url.searchParams.get('MsgId')).toBe(sent.list[0].id);
			const log = await control(emu, 'callbacks');
			expect(log.map((entry: { type: string }) => entry.type)).toEqual(['mms_dlr']);
			expect((await post(url('/mms.do'), { to: '48500000001', subject: 'Hi', smil: 'not smil', format: 'json' })).json()).toMatchObject({ error: 11 });
		} finally {
			await receiver.close();
		}
	});

	test('VMS: text to speech or a file, not both; an unknown lector is refused', async () => {
		expect((await post(url('/vms.do'), { to: '48500000001', tts: 'Hello', tts_lector: 'maja', format: 'json' })).json()).toMatchObject({
			count: 1,
			list: [{ points: 0.21 }],
		});
		expect((await post(url('/vms.do'), { to: '48500000001', file: 'https://example.com/a.wav', format: 'json' })).json()).toMatchObject({ count: 1 });
		expect((await post(url('/vms.do'), { to: '48500000001', tts: 'Hello', tts_lector: 'robot', format: 'json' })).json()).toMatchObject({ error: 11 });
		const both = await post(url('/vms.do'), { to: '48500000001', tts: 'Hello', file: 'https://example.com/a.wav', format: 'json' });
		expect(both.json()).toMatchObject({ error: expect.any(Number) });
		expect(takeViolations(emu).length).toBe(1);
	});

	test('inbound MMS goes to the mms_mo callbacks', async () => {
		const receiver = await startReceiver();
		try {
			await postJson(url('/callbacks'), { type: 'mms_mo', url: receiver.url, receiver_type: 'all' });
			await control(emu, 'inbound-mms', { from: '48500000001', subject: 'Photo', attachments: ['https://example.com/p.jpg'] });
			const [call] = await receiver.waitFor(1);
			const form = new URLSearchParams(call.body);
			expect(form.get('sms_from')).toBe('48500000001');
			expect(form.get('mms_subject')).toBe('Photo');
			expect(form.get('mms_attachments')).toBe('https://example.com/p.jpg');
		} finally {
			await receiver.close();
		}
	});
});
