/**
 * Contact Field → Update against a mocked service (nock): PUT /contacts/fields/{id} with the new
 * name, an update without a name refused before sending, an id not of its kind refused before any
 * request; token only. In n8n's engine, in the chain that starts with Create: create.engine.test.ts.
 */
import { expectIdRefused, OBJECT_ID } from '../support/id-formats';
import { expectTokenOnly } from '../support/legacy-login';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const field = { id: '660000000000000000000001', name: 'loyalty_level', type: 'text' };
const TOKEN_ONLY = /^This operation needs an access token: SMSAPI's REST API \(\/contacts\/fields[^)]*\) does not accept the username and password login$/;

describe('contactField.update', () => {
	it('PUTs the name to /contacts/fields/{id}', async () => {
		const service = mockService().on('PUT', `/contacts/fields/${field.id}`, (request) => [200, { ...field, ...request.body }]);
		const updated = await runNode({ parameters: { resource: 'contactField', operation: 'update', contactFieldId: field.id, name: 'level' } });
		expect(updated[0].json).toEqual({ ...field, name: 'level' });
		expect(service.calls.map((call) => [`${call.method} ${call.path}`, call.body])).toEqual([[`PUT /contacts/fields/${field.id}`, { name: 'level' }]]);
	});

	it('an update without a name is refused before sending', async () => {
		const service = mockService().on('PUT', `/contacts/fields/${field.id}`, () => [200, field]);
		const update = runNode({ parameters: { resource: 'contactField', operation: 'update', contactFieldId: field.id, name: '' } });
		expect((await failure(update)).message).toBe('Enter the new name of the field');
		expect(service.calls).toEqual([]);
	});

	it('an id that is no field id ("available") is refused before any request', () =>
		expectIdRefused(
			{ resource: 'contactField', operation: 'update', contactFieldId: 'available', name: 'x' },
			'contactFieldId: "available"',
			OBJECT_ID,
		));

	it('the username/password login is refused before anything is sent (the REST call takes only a token)', () =>
		expectTokenOnly({ resource: 'contactField', operation: 'update', contactFieldId: field.id, name: 'b' }, TOKEN_ONLY));
});
