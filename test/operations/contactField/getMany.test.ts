/**
 * Contact Field → Get Many against a mocked service (nock): GET /contacts/fields, an item per field;
 * token only. In n8n's engine, in the chain that starts with Create: create.engine.test.ts; the dropdowns of
 * fields: test/methods/loadOptions.contactFields.test.ts.
 */
import { expectTokenOnly } from '../support/legacy-login';
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const field = { id: '660000000000000000000001', name: 'loyalty_level', type: 'text' };
const TOKEN_ONLY = /^This operation needs an access token: SMSAPI's REST API \(\/contacts\/fields[^)]*\) does not accept the username and password login$/;

describe('contactField.getMany', () => {
	it('GETs /contacts/fields and outputs an item per field', async () => {
		const service = mockService().on('GET', '/contacts/fields', () => [200, { size: 1, collection: [field] }]);
		expect((await runNode({ parameters: { resource: 'contactField', operation: 'getMany', returnAll: true } }))[0].json).toEqual(field);
		expect(service.calls.map((call) => [`${call.method} ${call.path}`, call.body])).toEqual([['GET /contacts/fields', {}]]);
	});

	it('the username/password login is refused before anything is sent (the REST call takes only a token)', () =>
		expectTokenOnly({ resource: 'contactField', operation: 'getMany' }, TOKEN_ONLY));
});
