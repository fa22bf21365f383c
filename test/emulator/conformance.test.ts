/**
 * The emulator's conformance checks (conformance/): requests shaped as the node sends them pass;
 * requests the published API or the official clients would not send are answered as the service
 * would, recorded, and make `stop()` — and so every suite that starts an emulator — fail.
 */
import { stopSuite } from '../e2e/harness/suite';
import { checkRequest, type CheckedRequest } from './conformance';
import { ConformanceError, type Emulator } from './index';
import { PASSWORD_MD5, post, postJson, request, startTestEmulator, takeViolations, TOKEN } from './helpers';

const CONTACT = '640000000000000000000002';
const GROUP = '650000000000000000000002';

function req(method: string, path: string, parts: Partial<CheckedRequest> = {}): CheckedRequest {
	return { method, path, query: {}, bodyKind: 'none', form: {}, jsonBody: undefined, customFields: new Set(['loyalty_level']), ...parts };
}
const form = (fields: Record<string, string>): Partial<CheckedRequest> => ({ bodyKind: 'form', form: fields });
const body = (value: unknown): Partial<CheckedRequest> => ({ bodyKind: 'json', jsonBody: value });
const problemsOf = (request: CheckedRequest) => checkRequest(request)?.problems.map((p) => `${p.path}:${p.error}`) ?? [];

describe('requests as the node sends them conform', () => {
	test.each([
		['send', req('POST', '/sms.do', form({ format: 'json', to: '48500000001,48500000002', message: 'Hi', from: 'Test', idx: 'a|b', check_idx: '1', max_parts: '10', date: '2030-01-01T10:00:00Z', date_validate: '1', time_restriction: 'ignore', param1: 'x|y' }))],
		['send, JSON as the JavaScript client', req('POST', '/sms.do', body({ to: '500000000', message: 'Hi', details: true, encoding: 'utf-8', format: 'json', skip_foreign: false, partner_id: 'p' }))],
		['group send with template', req('POST', '/sms.do', form({ format: 'json', group: 'vip', template: 'welcome', param1: 'Anna' }))],
		['delete scheduled', req('POST', '/sms.do', form({ format: 'json', sch_del: '1,2' }))],
		['legacy login in the query', req('GET', '/user.do', { query: { format: 'json', credits: '1', details: '1', username: 'demo', password: PASSWORD_MD5 } })],
		['hlr', req('GET', '/hlr.do', { query: { format: 'json', number: '48500000001,48500000002', idx: 'abc' } })],
		['sub-user add', req('POST', '/user.do', form({ format: 'json', add_user: 'shop', pass: PASSWORD_MD5, limit: '10.5', senders: '1', active: '0', info: 'x' }))],
		['sub-user list', req('GET', '/user.do', { query: { format: 'json', list: '1' } })],
		['sender list', req('GET', '/sender.do', { query: { format: 'json', list: '1', with_nat_names: '1' } })],
		['sender default', req('POST', '/sender.do', form({ format: 'json', default: 'MyShop' }))],
		['prices', req('GET', '/prices.do', { query: { format: 'json' } })],
		['profile', req('GET', '/profile')],
		['ping with access_token', req('GET', '/ping', { query: { access_token: TOKEN } })],
		['contacts list', req('GET', '/contacts', { query: { q: 'an', offset: '0', limit: '100', order_by: 'last_name', birthday_date: 'gt(1990-01-01)', group_id: GROUP, loyalty_level: 'gold' } })],
		['contact create', req('POST', '/contacts', form({ phone_number: '48500111222', first_name: 'Ola', gender: 'female', birthday_date: '1999-09-09' }))],
		['contact create by e-mail alone', req('POST', '/contacts', form({ email: 'ola@example.com' }))],
		['contact update', req('PUT', `/contacts/${CONTACT}`, form({ city: 'Lublin', loyalty_level: 'gold' }))],
		['add to group', req('PUT', `/contacts/${CONTACT}/groups/${GROUP}`)],
		['remove from group', req('DELETE', `/contacts/${CONTACT}/groups/${GROUP}`)],
		['groups', req('GET', '/contacts/groups')],
		['templates', req('GET', '/sms/templates')],
		['callbacks list', req('GET', '/callbacks')],
		['callback for delivery reports', req('POST', '/callbacks', body({ type: 'sms_dlr', url: 'https://n8n.example/webhook/x' }))],
		['callback for inbound messages', req('POST', '/callbacks', body({ type: 'sms_mo', url: 'https://n8n.example/webhook/x', receiver_type: 'number', receiver_number: '48500000009' }))],
		['callback removal', req('DELETE', '/callbacks/0f0f0f0f0f0f0f0f0f0f0f0f')],
	])('%s', (_name, request) => {
		expect(problemsOf(request)).toEqual([]);
	});
});

describe('requests the published API or the clients would not send are refused', () => {
	test.each([
		['inbound callback without receiver_type', req('POST', '/callbacks', body({ type: 'sms_mo', url: 'https://n8n.example/x' })), 400, ['receiver_type:required']],
		['receiver_number missing for one number', req('POST', '/callbacks', body({ type: 'mms_mo', url: 'https://n8n.example/x', receiver_type: 'number' })), 400, ['receiver_number:required']],
		['callback as a form', req('POST', '/callbacks', form({ type: 'sms_mo', url: 'https://n8n.example/x' })), 415, ['content-type:unsupported_media_type']],
		['contact with groups', req('POST', '/contacts', form({ phone_number: '48500111222', groups: 'vip' })), 400, ['groups:unknown_field']],
		['contacts sorted with sort', req('GET', '/contacts', { query: { sort: '-last_name' } }), 400, ['sort:unknown_field']],
		['contact as JSON', req('POST', '/contacts', body({ phone_number: '48500111222' })), 415, ['content-type:unsupported_media_type']],
		['contact with a bad gender', req('PUT', `/contacts/${CONTACT}`, form({ gender: 'other' })), 400, ['gender:invalid_value']],
		['legacy login on REST', req('GET', '/profile', { query: { username: 'demo', password: PASSWORD_MD5 } }), 401, ['username:unsupported_authentication']],
		['a path outside the published API', req('GET', '/contacts/groups/x/y/z'), 404, ['path:unknown_path']],
		['a method outside the published API', req('PATCH', '/profile'), 405, ['method:method_not_allowed']],
		['group without a name', req('POST', '/contacts/groups', form({ description: 'x' })), 400, ['name:required']],
	])('%s', (_name, request, status, problems) => {
		const refusal = checkRequest(request);
		expect(refusal?.problems.map((p) => `${p.path}:${p.error}`)).toEqual(problems);
		expect(refusal?.answer.status).toBe(status);
		const answer = JSON.parse(refusal!.answer.body);
		expect(answer).toEqual({
			message: expect.any(String),
			error: expect.stringMatching(/^[a-z_]+$/),
			developer_description: expect.any(String),
			errors: problems.map(() => expect.objectContaining({ message: expect.any(String), error: expect.any(String), path: expect.any(String) })),
		});
	});

	test.each([
		['an unknown sms.do parameter', req('POST', '/sms.do', form({ format: 'json', to: '48500000001', message: 'x', raport: '1' })), 8, ['raport:unknown_field']],
		['a flag that is not 0/1', req('POST', '/sms.do', form({ format: 'json', to: '48500000001', message: 'x', fast: 'yes' })), 8, ['fast:invalid_value']],
		['max_parts above 10', req('POST', '/sms.do', form({ format: 'json', to: '48500000001', message: 'x', max_parts: '11' })), 8, ['max_parts:invalid_value']],
		['a bad time_restriction', req('POST', '/sms.do', form({ format: 'json', to: '48500000001', message: 'x', time_restriction: 'never' })), 28, ['time_restriction:invalid_value']],
		['a send without recipients', req('POST', '/sms.do', form({ format: 'json', message: 'x' })), 8, ['to:required']],
		['sch_del with send parameters', req('POST', '/sms.do', form({ format: 'json', sch_del: '1', to: '48500000001' })), 8, ['to:unknown_field']],
		['hlr.do without number', req('GET', '/hlr.do', { query: { format: 'json' } }), 8, ['number:required']],
		['user.do with two actions', req('GET', '/user.do', { query: { format: 'json', list: '1', credits: '1' } }), 1001, ['list:invalid_combination']],
		['sender.do as JSON', req('POST', '/sender.do', body({ format: 'json', list: 1 })), 8, ['content-type:unsupported_media_type']],
	])('legacy: %s (HTTP 200 with the error code)', (_name, request, code, problems) => {
		const refusal = checkRequest(request);
		expect(refusal?.problems.map((p) => `${p.path}:${p.error}`)).toEqual(problems);
		expect(refusal?.answer.status).toBe(200);
		expect(JSON.parse(refusal!.answer.body)).toEqual({ error: code, message: expect.any(String) });
	});

	test('legacy errors come as ERROR:<code> without format=json', () => {
		const refusal = checkRequest(req('POST', '/sms.do', form({ to: '48500000001', message: 'x', colour: 'red' })));
		expect(refusal?.answer).toMatchObject({ status: 200, body: 'ERROR:8' });
	});
});

describe('a non-conforming request anywhere fails the suite', () => {
	let emu: Emulator;
	beforeEach(async () => {
		emu = await startTestEmulator();
	});
	afterEach(async () => {
		emu.takeViolations();
		await emu.stop();
	});

	test('the old form-encoded callback registration is refused, recorded and fails stop()', async () => {
		const asForm = await post(`${emu.primaryUrl}/callbacks`, { type: 'sms_mo', url: 'http://127.0.0.1:9/mo' });
		expect(asForm.status).toBe(415);
		const noReceiver = await postJson(`${emu.primaryUrl}/callbacks`, { type: 'sms_mo', url: 'http://127.0.0.1:9/mo' });
		expect(noReceiver.status).toBe(400);
		expect(noReceiver.json()).toMatchObject({
			error: 'invalid_request_data',
			errors: [{ path: 'receiver_type', error: 'required', value: null, message: expect.stringContaining('receiver_type') }],
		});
		expect(emu.state.callbacks).toEqual([]);
		expect(emu.violations.map((v) => [v.method, v.path, v.status])).toEqual([
			['POST', '/callbacks', 415],
			['POST', '/callbacks', 400],
		]);
		const requests = (await (await fetch(`${emu.controlUrl}/requests?path=callbacks`)).json()) as Array<{ violations?: Array<{ path: string }> }>;
		expect(requests.map((r: { violations?: Array<{ path: string }> }) => r.violations?.map((p) => p.path))).toEqual([
			['content-type'],
			['receiver_type'],
		]);
		// The guard: stop() throws while violations are left, so afterAll fails the suite...
		const stopped = emu.stop();
		await expect(stopped).rejects.toThrow(ConformanceError);
		await expect(stopped).rejects.toThrow(/POST \/callbacks -> 400 \(receiver_type: /);
	});

	test('...and so does the e2e harness, whose stopSuite stops the emulator', async () => {
		await request(`${emu.primaryUrl}/contacts?sort=last_name`);
		await expect(stopSuite({ emulator: emu })).rejects.toThrow(ConformanceError);
	});

	test('a conforming registration records nothing; violations taken on purpose let stop() pass', async () => {
		const ok = await postJson(`${emu.primaryUrl}/callbacks`, { type: 'sms_mo', url: 'http://127.0.0.1:9/mo', receiver_type: 'all' });
		expect(ok.status).toBe(201);
		expect(emu.violations).toEqual([]);
		await post(`${emu.primaryUrl}/sms.do`, { to: '48500000001', message: 'x', colour: 'red' });
		expect(takeViolations(emu)).toEqual(['POST /sms.do: colour']);
		await expect(emu.stop()).resolves.toBeUndefined();
	});

	test('the control API lists violations and takes them', async () => {
		await request(`${emu.primaryUrl}/nowhere`);
		const listed = await (await fetch(`${emu.controlUrl}/violations`)).json();
		expect(listed).toEqual([expect.objectContaining({ method: 'GET', path: '/nowhere', status: 404 })]);
		const taken = await (await fetch(`${emu.controlUrl}/violations`, { method: 'DELETE' })).json();
		expect(taken).toHaveLength(1);
		expect(emu.violations).toEqual([]);
	});
});
