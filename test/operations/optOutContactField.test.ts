/**
 * Opt-Out and Contact Field (issue 32, part 2) at the operation level: the wire format of each call
 * (published API: panel_com.yml `/opt_outs`, contacts_com.yml `/contacts/fields`), the checks made
 * before anything is sent, and the token-only rule of these REST calls. Ids in paths are covered for
 * every operation by pathIds.test.ts; the workflow level in test/workflow/resources-opt-out-fields.test.ts.
 */
import type { ILoadOptionsFunctions, INodeParameters } from 'n8n-workflow';

import { loadOptions } from '../../nodes/Smsapi/methods';
import { legacyCredentials, loadOptionsContext } from '../support/n8n-context';
import { failure, mockService, operationCredentials, runNode, useMockedNetwork } from './support/run-node';

useMockedNetwork();

const optOut = (id: string, phoneNumber: number) => ({ id, phoneNumber, date: '2025-03-01T10:00:00+00:00', _links: [] });
const field = { id: '660000000000000000000001', name: 'loyalty_level', type: 'text' };

describe('opt-out', () => {
	it('getMany pages by 100 up to Return All, sends the cleaned number as phone_number, outputs phone_number as text', async () => {
		const all = Array.from({ length: 150 }, (_, i) => optOut(`o${i}`, 48500000000 + i));
		const service = mockService().on('GET', '/opt_outs', (request) => {
			const offset = Number(request.query.offset);
			return [200, { size: all.length, collection: all.slice(offset, offset + Number(request.query.limit)) }];
		});
		const output = await runNode({ parameters: { resource: 'optOut', operation: 'getMany', returnAll: true } });
		expect(output).toHaveLength(150);
		expect(output[149].json).toMatchObject({ id: 'o149', phoneNumber: 48500000149, phone_number: '48500000149' });
		expect(service.calls.map((call) => call.query)).toEqual([
			{ offset: '0', limit: '100' },
			{ offset: '100', limit: '100' },
		]);

		service.calls.length = 0;
		const one = await runNode({
			parameters: { resource: 'optOut', operation: 'getMany', limit: 3, filters: { phoneNumber: '+48 500 000 004' } },
		});
		expect(one).toHaveLength(3);
		expect(service.calls.map((call) => call.query)).toEqual([{ phone_number: '48500000004', offset: '0', limit: '3' }]);
	});

	it('getMany refuses a bad number before anything is sent', async () => {
		const service = mockService().on('GET', '/opt_outs', () => [200, { size: 0, collection: [] }]);
		const error = await failure(runNode({ parameters: { resource: 'optOut', operation: 'getMany', filters: { phoneNumber: '48-abc' } } }));
		expect(error.message).toMatch(/^Not a valid phone number/);
		expect(service.calls).toEqual([]);
	});

	it('delete sends DELETE /opt_outs/{id}; a 404 is an error naming it; an empty or dot id sends nothing', async () => {
		const service = mockService()
			.on('DELETE', '/opt_outs/670000000000000000000001', () => [204, ''])
			.on('DELETE', '/opt_outs/670000000000000000000009', () => [404, { message: 'Opt-Out not found', error: 'not_found' }]);
		const run = (optOutId: string) => runNode({ parameters: { resource: 'optOut', operation: 'delete', optOutId } });
		expect((await run(' 670000000000000000000001 '))[0].json).toEqual({ id: '670000000000000000000001', deleted: true });
		expect((await failure(run('670000000000000000000009'))).message).toMatch(/not_found|Opt-Out not found/);
		expect((await failure(run(''))).message).toBe('Choose the opt-out to delete');
		expect((await failure(run('..'))).message).toBe('Not a valid ID in optOutId: ".."');
		expect(service.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
			'DELETE /opt_outs/670000000000000000000001',
			'DELETE /opt_outs/670000000000000000000009',
		]);
	});

	it('settings: GET; PUT as JSON {brand}, the brand as typed; a brand over 255 characters is refused before sending', async () => {
		const service = mockService()
			.on('GET', '/opt_outs/settings', () => [200, { brand: 'Demo Shop' }])
			.on('PUT', '/opt_outs/settings', (request) => [200, request.body]);
		expect((await runNode({ parameters: { resource: 'optOut', operation: 'getSettings' } }))[0].json).toEqual({ brand: 'Demo Shop' });
		const updated = await runNode({ parameters: { resource: 'optOut', operation: 'updateSettings', brand: ' My Shop ' } });
		expect(updated[0].json).toEqual({ brand: ' My Shop ' });
		expect(service.calls[1].headers['content-type']).toMatch(/^application\/json/);
		const error = await failure(runNode({ parameters: { resource: 'optOut', operation: 'updateSettings', brand: 'x'.repeat(256) } }));
		expect(error.message).toBe('The brand has 256 characters, more than the 255 the service takes');
		expect(service.calls).toHaveLength(2);
	});
});

describe('contact field', () => {
	it('create POSTs name and type as a form; update PUTs the name; delete; getMany', async () => {
		const service = mockService()
			.on('POST', '/contacts/fields', (request) => [201, { id: '660000000000000000000003', ...request.body }])
			.on('PUT', `/contacts/fields/${field.id}`, (request) => [200, { ...field, ...request.body }])
			.on('DELETE', `/contacts/fields/${field.id}`, () => [204, ''])
			.on('GET', '/contacts/fields', () => [200, { size: 1, collection: [field] }]);
		const created = await runNode({ parameters: { resource: 'contactField', operation: 'create', name: ' shoe_size ', type: 'number' } });
		expect(created[0].json).toEqual({ id: '660000000000000000000003', name: 'shoe_size', type: 'number' });
		const updated = await runNode({ parameters: { resource: 'contactField', operation: 'update', contactFieldId: field.id, name: 'level' } });
		expect(updated[0].json).toEqual({ ...field, name: 'level' });
		const deleted = await runNode({ parameters: { resource: 'contactField', operation: 'delete', contactFieldId: field.id } });
		expect(deleted[0].json).toEqual({ id: field.id, deleted: true });
		expect((await runNode({ parameters: { resource: 'contactField', operation: 'getMany', returnAll: true } }))[0].json).toEqual(field);
		expect(service.calls.map((call) => [`${call.method} ${call.path}`, call.body])).toEqual([
			['POST /contacts/fields', { name: 'shoe_size', type: 'number' }],
			[`PUT /contacts/fields/${field.id}`, { name: 'level' }],
			[`DELETE /contacts/fields/${field.id}`, {}],
			['GET /contacts/fields', {}],
		]);
	});

	it('refuses an empty name, an unknown type and an update without a name before sending', async () => {
		const service = mockService().on('POST', '/contacts/fields', () => [201, field]);
		const create = (parameters: INodeParameters) => runNode({ parameters: { resource: 'contactField', operation: 'create', ...parameters } });
		expect((await failure(create({ name: ' ' }))).message).toBe('Enter the name of the new field');
		const type = await failure(create({ name: 'a', type: '={{ "list" }}' }));
		expect(type.message).toBe('Unknown field type "list"');
		expect(type.description).toBe('Nothing was sent. The service takes date, email, number, phone_number, text.');
		const update = runNode({ parameters: { resource: 'contactField', operation: 'update', contactFieldId: field.id, name: '' } });
		expect((await failure(update)).message).toBe('Enter the new name of the field');
		expect(service.calls).toEqual([]);
	});

	it('getOptions reads /contacts/fields/{id}/options up to Limit; a 501 (no choices) is an error, asked once', async () => {
		const choices = [
			{ name: 'Female', value: 'female' },
			{ name: 'Male', value: 'male' },
			{ name: 'Undefined', value: 'undefined' },
		];
		const service = mockService()
			.on('GET', '/contacts/fields/gender/options', () => [200, { size: 3, collection: choices }])
			.on('GET', `/contacts/fields/${field.id}/options`, () => [501, { message: 'Feature not implemented', error: 'not_implemented' }]);
		const options = await runNode({ parameters: { resource: 'contactField', operation: 'getOptions', contactFieldId: 'gender', limit: 2 } });
		expect(options.map((item) => item.json)).toEqual(choices.slice(0, 2));
		const error = await failure(runNode({ parameters: { resource: 'contactField', operation: 'getOptions', contactFieldId: field.id } }));
		expect(error.message).toBe(
			'SMSAPI error not_implemented: the service does not offer this for the record. For contact fields: only fields with fixed choices (e.g. gender) have options.',
		);
		// 501 is the service's answer, not an outage: asked once, not repeated.
		expect(service.calls.map((call) => call.path)).toEqual(['/contacts/fields/gender/options', `/contacts/fields/${field.id}/options`]);
	});
});

describe('the contact fields dropdown (getContactFieldIds)', () => {
	it('lists the fields by id, named by their name, described by their type, sorted; the legacy login sends nothing', async () => {
		const service = mockService().on('GET', '/contacts/fields', () => [
			200,
			{ size: 2, collection: [{ ...field, id: 'f2', name: 'vip_since', type: 'date' }, field] },
		]);
		const context = (credentials = operationCredentials()) => loadOptionsContext({ credentials }) as ILoadOptionsFunctions;
		expect(await loadOptions.getContactFieldIds.call(context())).toEqual([
			{ name: 'loyalty_level', value: field.id, description: 'text' },
			{ name: 'vip_since', value: 'f2', description: 'date' },
		]);
		await expect(loadOptions.getContactFieldIds.call(context(legacyCredentials({ backupUrl: '' })))).rejects.toThrow(/needs an access token/);
		expect(service.calls).toHaveLength(1);
	});
});

describe('token only: these REST calls refuse the username and password login before anything is sent', () => {
	const cases: Array<[string, INodeParameters]> = [
		['optOut.getMany', { resource: 'optOut', operation: 'getMany' }],
		['optOut.delete', { resource: 'optOut', operation: 'delete', optOutId: '670000000000000000000001' }],
		['optOut.getSettings', { resource: 'optOut', operation: 'getSettings' }],
		['optOut.updateSettings', { resource: 'optOut', operation: 'updateSettings', brand: 'Shop' }],
		['contactField.getMany', { resource: 'contactField', operation: 'getMany' }],
		['contactField.create', { resource: 'contactField', operation: 'create', name: 'a' }],
		['contactField.update', { resource: 'contactField', operation: 'update', contactFieldId: field.id, name: 'b' }],
		['contactField.delete', { resource: 'contactField', operation: 'delete', contactFieldId: field.id }],
		['contactField.getOptions', { resource: 'contactField', operation: 'getOptions', contactFieldId: 'gender' }],
	];
	it.each(cases)('%s', async (_name, parameters) => {
		const service = mockService();
		for (const method of ['GET', 'POST', 'PUT', 'DELETE']) service.on(method, /.*/ as unknown as string, () => [200, {}]);
		const error = await failure(runNode({ parameters, credentials: legacyCredentials({ backupUrl: '' }) }));
		expect(error.message).toMatch(/^This operation needs an access token: SMSAPI's REST API \(\/(opt_outs|contacts\/fields)[^)]*\) does not accept the username and password login$/);
		expect(error.description).toMatch(/^Nothing was sent\./);
		expect(service.calls).toEqual([]);
	});
});
