/**
 * Contact Field → Delete against a mocked service (nock): DELETE /contacts/fields/{id}; ids not of
 * their kind ("available", the built-in "gender") refused before any request, one of its kind sent;
 * token only. In n8n's engine, in the chain that starts with Create: create.engine.test.ts.
 */
import { expectIdRefused, firstRequest, OBJECT_ID } from '../support/id-formats';
import { expectTokenOnly } from '../support/legacy-login';
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const field = { id: '660000000000000000000001', name: 'loyalty_level', type: 'text' };
const TOKEN_ONLY = /^This operation needs an access token: SMSAPI's REST API \(\/contacts\/fields[^)]*\) does not accept the username and password login$/;

describe('contactField.delete', () => {
	it('DELETEs /contacts/fields/{id} and outputs the deleted id', async () => {
		const service = mockService().on('DELETE', `/contacts/fields/${field.id}`, () => [204, '']);
		const deleted = await runNode({ parameters: { resource: 'contactField', operation: 'delete', contactFieldId: field.id } });
		expect(deleted[0].json).toEqual({ id: field.id, deleted: true });
		expect(service.calls.map((call) => [`${call.method} ${call.path}`, call.body])).toEqual([[`DELETE /contacts/fields/${field.id}`, {}]]);
	});

	it.each(['available', 'gender'])('an id that is no field id ("%s") is refused before any request', (contactFieldId) =>
		expectIdRefused({ resource: 'contactField', operation: 'delete', contactFieldId }, `contactFieldId: "${contactFieldId}"`, OBJECT_ID));

	it('a field id goes through', async () => {
		expect(await firstRequest({ resource: 'contactField', operation: 'delete', contactFieldId: '660000000000000000000001' })).toBe(
			'DELETE /contacts/fields/660000000000000000000001',
		);
	});

	it('the username/password login is refused before anything is sent (the REST call takes only a token)', () =>
		expectTokenOnly({ resource: 'contactField', operation: 'delete', contactFieldId: field.id }, TOKEN_ONLY));
});
