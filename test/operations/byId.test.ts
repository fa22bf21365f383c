/**
 * Records of a REST resource named by id (actions/byId.ts), through the operations it builds for
 * a record (here the contact groups' and the templates'), in n8n-core's ExecuteContext against
 * nock: the chosen id trimmed or refused ("Choose the … to …") before any request; Get one GET of
 * `<collection>/<id>`, its answer shaped by the record; Delete one DELETE, not repeated, `{ id,
 * deleted: true }`; Update one PUT of the changes; the id dropdown's field.
 */
import type { IDataObject } from 'n8n-workflow';

import { deleteByIdOperation, getByIdOperation, idDropdownField, putRecord, recordId, type RecordById } from '../../nodes/Smsapi/actions/byId';
import { groupRecord } from '../../nodes/Smsapi/actions/contactGroup/fields';
import { templateRecord } from '../../nodes/Smsapi/actions/template/fields';
import { failure, mockService, nodeContext, useMockedNetwork } from './support/run-node';

useMockedNetwork();

const GROUP = '5b802315a788494a04690d1d';
const run = async (module: ReturnType<typeof getByIdOperation>, parameters: IDataObject) => {
	const context = nodeContext({ parameters: parameters as never });
	return await module.execute.call(context, context.getInputData());
};

describe('records by id', () => {
	it("reads the chosen id trimmed, and refuses none with what to choose", () => {
		expect(recordId.call(nodeContext({ parameters: { resource: 'contactGroup', operation: 'get', groupId: `  ${GROUP} ` } }), groupRecord, 'get', 0)).toBe(GROUP);
		expect(() => recordId.call(nodeContext({ parameters: { resource: 'contactGroup', operation: 'get', groupId: ' ' } }), groupRecord, 'delete', 0)).toThrow('Choose the group to delete');
	});

	it('Get: one GET of the record, its answer as the record shapes it', async () => {
		const service = mockService().on('GET', `/contacts/groups/${GROUP}`, () => [200, { id: GROUP, name: 'VIP', contacts_count: '3' }]);
		const output = await run(getByIdOperation(groupRecord), { resource: 'contactGroup', operation: 'get', groupId: GROUP });
		expect(service.calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET /contacts/groups/${GROUP}`]);
		expect(output).toEqual([{ json: expect.objectContaining({ id: GROUP, name: 'VIP', contacts_count: 3 }), pairedItem: { item: 0 } }]);
	});

	it('Delete: one DELETE, not repeated after a failure, and the item { id, deleted: true }', async () => {
		const deleted = mockService().on('DELETE', '/sms/templates/t1', () => [204, '']);
		expect(await run(deleteByIdOperation(templateRecord), { resource: 'template', operation: 'delete', templateId: 't1' })).toEqual([{ json: { id: 't1', deleted: true }, pairedItem: { item: 0 } }]);
		expect(deleted.calls).toHaveLength(1);
	});

	it('refuses an id that is no id of its kind before any request', async () => {
		const service = mockService().on('GET', /.*/ as unknown as string, () => [200, {}]);
		const error = await failure(run(getByIdOperation(groupRecord), { resource: 'contactGroup', operation: 'get', groupId: '..' }));
		expect(error.message).toMatch(/^Not a valid ID in groupId/);
		expect(service.calls).toHaveLength(0);
	});

	it('Update: one PUT of the changes to the record, the answer as the record shapes it', async () => {
		const service = mockService().on('PUT', `/contacts/groups/${GROUP}`, (request) => [200, { id: GROUP, name: request.body.name, contacts_count: 0 }]);
		const context = nodeContext({ parameters: { resource: 'contactGroup', operation: 'update' } });
		expect(await putRecord.call(context, groupRecord, GROUP, { name: 'Gold' }, 0)).toMatchObject({ id: GROUP, name: 'Gold', contacts_count: 0 });
		expect(service.calls[0].body).toEqual({ name: 'Gold' });
	});

	it('an id dropdown: required, its list loaded by the method named, an id from an expression allowed', () => {
		const field = idDropdownField('Template', 'templateId', 'getTemplateIds', 'The template.');
		expect(field).toMatchObject({ name: 'templateId', type: 'options', required: true, default: '', typeOptions: { loadOptionsMethod: 'getTemplateIds' } });
		expect(field.description).toMatch(/^The template\. Choose from the list, or specify an ID using an <a href=/);
	});

	it('shows its operation only for its resource and operation', () => {
		const record: RecordById = { ...templateRecord };
		expect(getByIdOperation(record).description[0].displayOptions).toEqual({ show: { resource: ['template'], operation: ['get'] } });
	});
});
