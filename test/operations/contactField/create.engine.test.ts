/**
 * Contact Field → Create (issue 32, part 2) in n8n's engine in-process (support/engine.ts) against the
 * emulator: the chain Get Many → Create → Create again → Update → Get Options (gender, the new field)
 * → Delete → Delete again with Continue On Fail (the other operations in it are theirs as much as
 * Create's). Its tests against a mocked service: create.test.ts.
 */
import { contactFieldState } from '../../emulator/rest-contact-fields';
import { ref } from '../../workflow/chains';
import { recorded, summary } from '../../workflow/resource-fixtures';
import { nodeJson as jsonOf } from '../../workflow/run-result';
import { type Chain, firstJson, useChainWorkflows } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

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
