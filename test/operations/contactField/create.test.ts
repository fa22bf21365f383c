/**
 * Contact Field → Create (issue 32, part 2) against a mocked service (nock): POST /contacts/fields
 * with name and type as a form (published API: contacts_com.yml `/contacts/fields`), an empty name and
 * an unknown type refused before sending; token only. Its workflows in n8n's engine:
 * create.engine.test.ts.
 */
import type { INodeParameters } from 'n8n-workflow';
import { expectTokenOnly } from '../support/legacy-login';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const field = { id: '660000000000000000000001', name: 'loyalty_level', type: 'text' };
const TOKEN_ONLY = /^This operation needs an access token: SMSAPI's REST API \(\/contacts\/fields[^)]*\) does not accept the username and password login$/;

describe('contactField.create', () => {
	it('POSTs name and type as a form, the name trimmed', async () => {
		const service = mockService().on('POST', '/contacts/fields', (request) => [201, { id: '660000000000000000000003', ...request.body }]);
		const created = await runNode({ parameters: { resource: 'contactField', operation: 'create', name: ' shoe_size ', type: 'number' } });
		expect(created[0].json).toEqual({ id: '660000000000000000000003', name: 'shoe_size', type: 'number' });
		expect(service.calls.map((call) => [`${call.method} ${call.path}`, call.body])).toEqual([['POST /contacts/fields', { name: 'shoe_size', type: 'number' }]]);
	});

	it('refuses an empty name and an unknown type before sending', async () => {
		const service = mockService().on('POST', '/contacts/fields', () => [201, field]);
		const create = (parameters: INodeParameters) => runNode({ parameters: { resource: 'contactField', operation: 'create', ...parameters } });
		expect((await failure(create({ name: ' ' }))).message).toBe('Enter the name of the new field');
		const type = await failure(create({ name: 'a', type: '={{ "list" }}' }));
		expect(type.message).toBe('Unknown field type "list"');
		expect(type.description).toBe('Nothing was sent. The service takes date, email, number, phone_number, text.');
		expect(service.calls).toEqual([]);
	});

	it('the username/password login is refused before anything is sent (the REST call takes only a token)', () =>
		expectTokenOnly({ resource: 'contactField', operation: 'create', name: 'a' }, TOKEN_ONLY));
});
