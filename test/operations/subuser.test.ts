import { createHash } from 'node:crypto';

import { legacyService, runLegacy } from './support/legacy-login';
import { useMockedNetwork } from './support/run-node';

useMockedNetwork();

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

const subuser = {
	username: 'acme_shop',
	limit: '100.0000',
	month_limit: 20,
	senders: '1',
	phonebook: 0,
	active: true,
	info: 'the web shop',
};
const subuserItem = { ...subuser, limit: 100, senders: 1 };

describe('subuser.create', () => {
	it('POSTs add_user with md5 passwords, 0/1 flags and the service names; no password in the output', async () => {
		const service = legacyService().on('POST', '/user.do', () => [200, { ...subuser, pass: md5('Web-Pass1') }]);
		const output = await runLegacy({
			parameters: {
				resource: 'subuser',
				operation: 'create',
				name: 'shop',
				additionalFields: {
					password: 'Web-Pass1',
					apiPassword: 'E10ADC3949BA59ABBE56E057F20F883E',
					creditLimit: 100,
					monthLimit: 20,
					senders: true,
					phonebook: false,
					active: true,
					info: 'the web shop',
					withoutPrefix: false,
				},
			},
		});
		expect(service.calls).toHaveLength(1);
		expect(service.calls[0].query).toEqual({});
		expect(service.calls[0].body).toEqual({
			format: 'json',
			add_user: 'shop',
			pass: md5('Web-Pass1'),
			pass_api: 'e10adc3949ba59abbe56e057f20f883e',
			limit: '100',
			month_limit: '20',
			senders: '1',
			phonebook: '0',
			active: '1',
			info: 'the web shop',
			without_prefix: '0',
		});
		expect(output).toEqual([{ json: subuserItem, pairedItem: { item: 0 } }]);
		expect(JSON.stringify(output)).not.toContain(md5('Web-Pass1'));
	});

	it('an empty API password is left out (the service then uses the web password)', async () => {
		const service = legacyService().on('POST', '/user.do', () => [200, subuser]);
		await runLegacy({
			parameters: { resource: 'subuser', operation: 'create', name: 'shop', additionalFields: { password: 'x1', apiPassword: '' } },
		});
		expect(service.calls[0].body).toEqual({ format: 'json', add_user: 'shop', pass: md5('x1') });
	});

	it('without a password nothing is sent and the error says what to add', async () => {
		const service = legacyService().on('POST', '/user.do', () => [200, subuser]);
		await expect(runLegacy({ parameters: { resource: 'subuser', operation: 'create', name: 'shop' } })).rejects.toMatchObject({
			message: 'Enter a password for the new sub-user',
			description: expect.stringContaining('add Password under Additional Fields'),
		});
		expect(service.calls).toHaveLength(0);
	});

	it('a service error (HTTP 200 body) comes out in words', async () => {
		legacyService().on('POST', '/user.do', () => [200, { error: 1115, message: 'Username already exists' }]);
		await expect(
			runLegacy({ parameters: { resource: 'subuser', operation: 'create', name: 'shop', additionalFields: { password: 'x1' } } }),
		).rejects.toThrow(/^SMSAPI error 1115: the sub-user request was rejected/);
	});
});

describe('subuser.update', () => {
	it('POSTs set_user with only the fields given', async () => {
		const service = legacyService().on('POST', '/user.do', () => [200, { ...subuser, active: false }]);
		const output = await runLegacy({
			parameters: { resource: 'subuser', operation: 'update', name: 'acme_shop', updateFields: { active: false, password: 'n3w' } },
		});
		expect(service.calls[0].body).toEqual({ format: 'json', set_user: 'acme_shop', active: '0', pass: md5('n3w') });
		expect(output[0].json).toEqual({ ...subuserItem, active: false });
	});

	it('nothing to update is refused before any request', async () => {
		const service = legacyService().on('POST', '/user.do', () => [200, subuser]);
		await expect(
			runLegacy({ parameters: { resource: 'subuser', operation: 'update', name: 'acme_shop', updateFields: { withoutPrefix: true } } }),
		).rejects.toThrow('Add at least one field to update');
		expect(service.calls).toHaveLength(0);
	});
});

describe('subuser.get and getMany', () => {
	it('get: GET user.do?get_user=<name>', async () => {
		const service = legacyService().on('GET', '/user.do', () => [200, subuser]);
		const output = await runLegacy({ parameters: { resource: 'subuser', operation: 'get', name: 'acme_shop' } });
		expect(service.calls[0].query).toEqual({ format: 'json', get_user: 'acme_shop' });
		expect(output).toEqual([{ json: subuserItem, pairedItem: { item: 0 } }]);
	});

	it('get: the text answer (no username in it) is named after the request', async () => {
		legacyService().on('GET', '/user.do', () => [200, 'OK:100:20:1:0:1:the web shop']);
		const output = await runLegacy({ parameters: { resource: 'subuser', operation: 'get', name: 'acme_shop' } });
		expect(output[0].json).toEqual({
			limit: 100,
			month_limit: 20,
			senders: 1,
			phonebook: 0,
			active: 1,
			info: 'the web shop',
			username: 'acme_shop',
		});
	});

	it('getMany: GET user.do?list=1, one item per sub-user', async () => {
		const service = legacyService().on('GET', '/user.do', () => [200, [subuser, { ...subuser, username: 'acme_b' }]]);
		const output = await runLegacy({ parameters: { resource: 'subuser', operation: 'getMany' } });
		expect(service.calls[0].query).toEqual({ format: 'json', list: '1' });
		expect(output.map((item) => item.json.username)).toEqual(['acme_shop', 'acme_b']);
		expect(output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});
});
