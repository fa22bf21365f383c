/** The live check's allow-list (scripts/live-check/guard.ts): what may leave the process and what never does. */
import { refusalReason } from '../../scripts/live-check/guard';
import type { WireRequest } from '../../scripts/live-check/wire';

const form = (method: string, path: string, body: Record<string, string>, query = ''): WireRequest => ({
	method,
	path,
	query,
	headers: { 'content-type': 'application/x-www-form-urlencoded' },
	body: new URLSearchParams(body).toString(),
});
const get = (path: string, query = '') => form('GET', path, {}, query);

describe('the live check lets out only free requests', () => {
	test.each([
		['ping', get('/ping')],
		['profile', get('/profile')],
		['balance', get('/user.do', 'format=json&credits=1&details=1')],
		['a test send', form('POST', '/sms.do', { format: 'json', to: '48500000001', message: 'x', test: '1' })],
		['a test send as JSON', { ...form('POST', '/sms.do', {}), headers: { 'content-type': 'application/json' }, body: '{"to":"48500000001","message":"x","test":true}' }],
		['delete scheduled', form('POST', '/sms.do', { format: 'json', sch_del: '1000000000000000001' })],
		['contacts', get('/contacts', 'q=a&limit=5')],
		['groups', get('/contacts/groups')],
		['contact fields', get('/contacts/fields')],
		['opt-outs', get('/opt_outs', 'offset=0&limit=5')],
		['opt-out settings', get('/opt_outs/settings')],
		['sender names', get('/sender.do', 'format=json&list=1&with_nat_names=1')],
		['templates', get('/sms/templates')],
		['RCS senders', get('/rcs/senders')],
		['prices', get('/prices.do', 'format=json')],
		['sub-users', get('/user.do', 'format=json&list=1')],
		['sub-users (token)', get('/subusers')],
		['sender names (token)', get('/sms/sendernames')],
		['prices (token)', get('/profile/prices')],
		['callbacks', get('/callbacks')],
	])('%s', (_name, request) => {
		expect(refusalReason(request, { allowWrites: false })).toBeUndefined();
	});

	test.each([
		['a real send', form('POST', '/sms.do', { format: 'json', to: '48500000001', message: 'x' }), /without test=1/],
		['a send with test=0', form('POST', '/sms.do', { format: 'json', to: '48500000001', message: 'x', test: '0' }), /without test=1/],
		['a group send without test', form('POST', '/sms.do', { format: 'json', group: 'vip', message: 'x' }), /without test=1/],
		['sch_del smuggling a send', form('POST', '/sms.do', { format: 'json', sch_del: '1', to: '48500000001', message: 'x' }), /to, message/],
		['a send by GET', get('/sms.do', 'to=48500000001&message=x&test=1'), /not on the live check's allow-list/],
		['HLR', form('POST', '/hlr.do', { format: 'json', number: '48500000001' }), /HLR\) are charged/],
		['HLR by GET', get('/hlr.do', 'number=48500000001'), /charged/],
		['MMS', form('POST', '/mms.do', { to: '48500000001', subject: 's', smil: '<smil/>', test: '1' }), /MMS/],
		['VMS', form('POST', '/vms.do', { to: '48500000001', tts: 'hi', test: '1' }), /voice/],
		['a sub-user', form('POST', '/user.do', { format: 'json', add_user: 'x', pass: 'y' }), /allow-list/],
		['a sub-user by GET', get('/user.do', 'add_user=x&pass=y'), /only the balance/],
		['balance with another action', get('/user.do', 'credits=1&list=1'), /list/],
		['a new sender name', form('POST', '/sender.do', { format: 'json', add: 'Brand' }), /allow-list/],
		['an opt-out deleted', form('DELETE', '/opt_outs/670000000000000000000001', {}), /allow-list/],
		['the opt-out settings changed', { ...form('PUT', '/opt_outs/settings', {}), headers: { 'content-type': 'application/json' }, body: '{"brand":"x"}' }, /allow-list/],
		['a contact field created', form('POST', '/contacts/fields', { name: 'x' }), /allow-list/],
		['a contact field deleted', form('DELETE', '/contacts/fields/660000000000000000000001', {}), /allow-list/],
		['sender default', get('/sender.do', 'default=Brand'), /only the list/],
		['a contact update', form('PUT', '/contacts/640000000000000000000001', { city: 'x' }), /allow-list/],
		['a template', form('POST', '/sms/templates', { name: 'x', template: 'y' }), /allow-list/],
		['an RCS message', { ...form('POST', '/rcs/messages', {}), headers: { 'content-type': 'application/json' }, body: '{"phone_number":"48500000001","sender":"65f0c0ffee00000000000001","text":"x"}' }, /RCS messages are charged/],
		['the RCS messages list', get('/rcs/messages'), /RCS/],
		['a one-time code', form('POST', '/mfa/codes', { phone_number: '48500000001' }), /allow-list/],
	])('refuses %s', (_name, request, why) => {
		expect(refusalReason(request, { allowWrites: true })).toMatch(why);
	});

	test('writes only with --allow-writes, and only the listed ones', () => {
		const writes = [
			{ ...form('POST', '/callbacks', {}), headers: { 'content-type': 'application/json' }, body: '{"type":"hlr","url":"https://example.com/x"}' },
			form('DELETE', '/callbacks/0f0f0f0f0f0f0f0f0f0f0f0f', {}),
			form('POST', '/contacts', { phone_number: '48500000099' }),
			form('DELETE', '/contacts/640000000000000000000001', {}),
		];
		for (const request of writes) {
			expect(refusalReason(request, { allowWrites: false })).toMatch(/only with --allow-writes/);
			expect(refusalReason(request, { allowWrites: true })).toBeUndefined();
		}
		expect(refusalReason(form('DELETE', '/contacts', {}), { allowWrites: true })).toMatch(/allow-list/);
		expect(refusalReason(form('PUT', '/callbacks/0f0f0f0f0f0f0f0f0f0f0f0f', {}), { allowWrites: true })).toMatch(/allow-list/);
	});
});
