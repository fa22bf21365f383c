/**
 * The emulator's one-time codes (/mfa/codes, rest-mfa.ts): a code sent and verified once, a wrong
 * or expired code, a landline, content without [%code%] and a form body refused.
 */
import { control, emu, post, postJson, takeViolations, useTestEmulator } from './helpers';

useTestEmulator();

const url = (path: string) => `${emu.primaryUrl}${path}`;

describe('one-time codes (/mfa/codes)', () => {
	test('send (JSON) answers 201 with the code; verify answers 204 once, then 404; a wrong code 404', async () => {
		const sent = await postJson(url('/mfa/codes'), { phone_number: '48500000001', content: 'Code: [%code%]' });
		expect(sent.status).toBe(201);
		const { code } = sent.json();
		expect(code).toMatch(/^\d{6}$/);
		const wrong = code === '000000' ? '111111' : '000000';
		expect((await post(url('/mfa/codes/verifications'), { phone_number: '48500000001', code: wrong })).status).toBe(404);
		expect((await post(url('/mfa/codes/verifications'), { phone_number: '48500000001', code })).status).toBe(204);
		expect((await post(url('/mfa/codes/verifications'), { phone_number: '48500000001', code })).status).toBe(404);
	});

	test('an expired code answers 408; a landline 400; content without [%code%] 400; a form body 415', async () => {
		const { code } = (await postJson(url('/mfa/codes'), { phone_number: '48500000002' })).json();
		await control(emu, 'mfa/expire', { phoneNumber: '48500000002' });
		expect((await post(url('/mfa/codes/verifications'), { phone_number: '48500000002', code })).status).toBe(408);
		const landline = await postJson(url('/mfa/codes'), { phone_number: '48221234567' });
		expect(landline.status).toBe(400);
		expect(landline.json().error).toBe('invalid_phone_number');
		expect((await postJson(url('/mfa/codes'), { phone_number: '48500000001', content: 'no code' })).status).toBe(400);
		expect((await post(url('/mfa/codes'), { phone_number: '48500000001' })).status).toBe(415);
		takeViolations(emu);
	});
});
