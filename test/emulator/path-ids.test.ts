/**
 * Issue 40, finding 6: the emulator refuses an id that is not of its kind in the published API
 * (conformance/path-ids.ts) as the service's routes would, with 404 and a conformance violation, and
 * a name of a path beside the records reaches that path (405 for a method it does not have), never
 * a record.
 */
import { request, takeViolations, emu, useTestEmulator } from './helpers';
import { contactFieldState } from './rest-contact-fields';
import { optOutState } from './rest-opt-outs';

useTestEmulator();

const url = (path: string) => `${emu.primaryUrl}${path}`;
const call = (method: string, path: string) => request(url(path), { method });

describe('ids in paths', () => {
	test.each([
		['DELETE', '/contacts/fields/gender', 'fieldId'],
		['PUT', '/contacts/5b80', 'contactId'],
		['DELETE', '/contacts/groups/trash0', 'groupId'],
		['GET', '/contacts/fields/constructor/options', 'fieldId'],
		['DELETE', '/short_url/links/abc', 'id'],
		['DELETE', '/subusers/shop', 'id'],
		['GET', '/sms/sendernames/Caf%C3%A9', 'sender'],
	])('%s %s is no route of the service: 404 and a violation', async (method, path, parameter) => {
		const answer = await call(method, path);
		expect(answer.status).toBe(404);
		expect(answer.json()).toMatchObject({ error: 'not_found', errors: [expect.objectContaining({ path: parameter })] });
		expect(emu.takeViolations().map((violation) => violation.problems.map((problem) => problem.path))).toEqual([[parameter]]);
	});

	test('a name of the path beside the records reaches that path: 405, nothing deleted', async () => {
		const fields = contactFieldState(emu.state).fields.length;
		const optOuts = optOutState(emu.state).entries.length;
		expect((await call('DELETE', '/opt_outs/settings')).status).toBe(405);
		expect((await call('DELETE', '/contacts/fields/available')).status).toBe(405);
		expect((await call('DELETE', '/sms/templates/available')).status).toBe(405);
		expect((await call('DELETE', '/sms/sendernames/statement')).status).toBe(405);
		expect(takeViolations(emu)).toEqual([
			'DELETE /opt_outs/settings: method',
			'DELETE /contacts/fields/available: method',
			'DELETE /sms/templates/available: method',
			'DELETE /sms/sendernames/statement: method',
		]);
		expect(contactFieldState(emu.state).fields).toHaveLength(fields);
		expect(optOutState(emu.state).entries).toHaveLength(optOuts);
	});

	test('GET /contacts/fields/available lists the fields; gender and ids of their kind still go through', async () => {
		const available = await call('GET', '/contacts/fields/available');
		expect(available.status).toBe(200);
		expect(available.json()).toEqual(contactFieldState(emu.state).fields.map((field) => ({ ...field, built_in: false, options: null })));
		expect((await call('GET', '/contacts/fields/gender/options')).status).toBe(200);
		expect((await call('GET', '/sms/sendernames/Test')).status).toBe(200);
		expect((await call('DELETE', '/opt_outs/670000000000000000000001')).status).toBe(204);
		expect((await call('GET', '/sms/templates/t1')).status).toBe(404);
		expect(takeViolations(emu)).toEqual([]);
	});
});
