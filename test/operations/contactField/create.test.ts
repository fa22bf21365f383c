/**
 * Contact Field → Create (issue 32, part 2) against a mocked service (nock): POST /contacts/fields
 * with name and type as a form (published API: contacts_com.yml `/contacts/fields`), an empty name
 * and an unknown type refused before sending; token only. In n8n's engine against the emulator, the
 * chain Get Many → Create → Create again → Update → Get Options (gender, the new field) → Delete →
 * Delete again with Continue On Fail (the other operations in it are theirs as much as Create's).
 */
import type { INodeParameters } from 'n8n-workflow';

import { contactFieldState } from '../../emulator/rest-contact-fields';
import { ref } from '../../workflow/chains';
import { recorded, summary } from '../../workflow/resource-fixtures';
import { nodeJson as jsonOf } from '../../workflow/run-result';
import { type Chain, firstJson, useChainWorkflows } from '../support/engine';
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

const CHAIN: Chain = [
	['Field List', { resource: 'contactField', operation: 'getMany', returnAll: true }],
	['Field Create', { resource: 'contactField', operation: 'create', name: 'shoe_size', type: 'number' }],
	['Field Exists', { resource: 'contactField', operation: 'create', name: 'shoe_size' }],
	['Field Update', { resource: 'contactField', operation: 'update', contactFieldId: ref('Field Create', 'id'), name: 'size' }],
	['Field Gender Options', { resource: 'contactField', operation: 'getOptions', contactFieldId: 'gender', returnAll: true }],
	['Field Custom Options', { resource: 'contactField', operation: 'getOptions', contactFieldId: ref('Field Create', 'id') }],
	['Field Delete', { resource: 'contactField', operation: 'delete', contactFieldId: ref('Field Create', 'id') }],
	['Field Gone', { resource: 'contactField', operation: 'delete', contactFieldId: ref('Field Create', 'id') }],
];

describe("contactField.create, then getMany, update, getOptions and delete, in n8n's engine against the emulator (Continue On Fail)", () => {
	const suite = useChainWorkflows({ continue: { chains: [CHAIN], continueOnFail: true } });
	const emulator = () => suite.emulator();

	it('results, and error items for a name in use, no choices and a field not found', async () => {
		const run = await suite.run('continue');
		expect(run.error).toBeUndefined();
		const one = (node: string) => firstJson(run, node);

		expect(jsonOf(run, 'Field List').map((field) => `${String(field.name)}:${String(field.type)}`)).toEqual(['loyalty_level:text', 'points_balance:number']);
		expect(one('Field Create')).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'shoe_size', type: 'number' });
		expect(one('Field Exists').error).toMatch(/invalid_domain_logic|already exists/);
		expect(one('Field Update')).toMatchObject({ name: 'size', type: 'number' });
		expect(jsonOf(run, 'Field Gender Options').map((option) => option.value)).toEqual(['female', 'male', 'undefined']);
		expect(one('Field Custom Options').error).toMatch(/^SMSAPI error not_implemented/);
		expect(one('Field Delete')).toMatchObject({ deleted: true });
		expect(one('Field Gone').error).toMatch(/not_found/);
		expect(contactFieldState(emulator().state).fields.map((field) => field.name)).toEqual(['loyalty_level', 'points_balance']);

		const requests = summary(await recorded(emulator()));
		expect(requests.filter((request) => /\/\.|\/\/|\.\.$/.test(request))).toEqual([]);
	}, 60_000);
});
