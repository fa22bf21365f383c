/**
 * The earlier variant's login (username + md5 password) at the emulator, as the service takes it
 * (docs/service-differences.md, A1 and R2): the REST paths refuse it with 401 wherever it is put
 * (their published files name only the bearer token), RCS included; `vms.do` reads it from the
 * text parts of a multipart upload as from a form.
 */
import { multipartBody, wavFile } from '../support/wav';
import { PASSWORD_MD5, emu, request, takeViolations, useTestEmulator } from './helpers';
import { rcsState } from './rest-rcs';

useTestEmulator();

const LOGIN = `username=demo&password=${PASSWORD_MD5}`;
const BOUNDARY = '----n8nSmsapiBoundary0123456789abcdef0123456789abcdef';

describe('the username/password login', () => {
	it.each([
		['GET', '/rcs/senders', undefined],
		['GET', '/rcs/messages', undefined],
		['POST', '/rcs/messages', '{"phone_number":"48500000001","sender":"65f0c0ffee00000000000001","text":"Hi"}'],
		['GET', '/contacts', undefined],
		['GET', '/profile', undefined],
	])('in the URL of the REST call %s %s: 401, nothing done', async (method, path, body) => {
		const reply = await request(`${emu.primaryUrl}${path}?${LOGIN}`, {
			method,
			auth: false,
			...(body ? { body, headers: { 'Content-Type': 'application/json' } } : {}),
		});
		expect(reply.status).toBe(401);
		expect(reply.json()).toMatchObject({ error: 'authorization_failed' });
		expect(takeViolations(emu)).toEqual([`${method} ${path}: username`]);
		expect(rcsState(emu.state).messages).toHaveLength(0);
	});

	it('in a form body of a REST call: 401 as well', async () => {
		const reply = await request(`${emu.primaryUrl}/contacts/groups`, {
			method: 'POST',
			auth: false,
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: `name=Friends&${LOGIN}`,
		});
		expect(reply.status).toBe(401);
		expect(takeViolations(emu)).toEqual(['POST /contacts/groups: username']);
	});

	it('as text parts of a voice upload to vms.do: taken, the call placed', async () => {
		const wav = wavFile();
		const body = multipartBody(
			BOUNDARY,
			[['username', 'demo'], ['password', PASSWORD_MD5], ['format', 'json'], ['to', '48500000001']],
			{ name: 'file', filename: 'vms.wav', contentType: 'audio/wav', data: wav },
		);
		const reply = await fetch(`${emu.primaryUrl}/vms.do`, { method: 'POST', headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` }, body });
		expect(await reply.json()).toMatchObject({ count: 1, list: [{ number: '48500000001' }] });
		const [record] = emu.state.requests;
		expect(record).toMatchObject({ authMethod: 'legacy', query: {} });
		expect(emu.state.messages).toHaveLength(1);
	});
});
