/**
 * Opt-Out and Contact Field (issue 32, part 2) through n8n's engine in-process (n8n-core's
 * WorkflowExecute) against the emulator with its conformance checks on: every operation with
 * Continue On Fail, its error cases as error items (not found, a name in use, no choices, a bad id,
 * a brand too long), and without it a clear error that stops the workflow: a bad id, and the
 * username/password login that these REST calls do not take (nothing sent). The wire format of each
 * call is in test/operations/optOutContactField.test.ts.
 */
import { contactFieldState } from '../emulator/rest-contact-fields';
import { optOutState } from '../emulator/rest-opt-outs';
import { workflow as chainsWorkflow, type Parameters as ChainParameters } from './chains';
import { nodeError as errorOf, nodeJson as jsonOf } from './run-result';
import { recorded, resourceCredentials, summary } from './resource-fixtures';
import { useEmulatorSuite } from './suite';

const ref = (node: string, field: string) => `={{ $('${node}').first().json.${field} }}`;

const OPT_OUT_CHAIN: Array<[string, ChainParameters]> = [
	['OptOut List', { resource: 'optOut', operation: 'getMany', returnAll: true }],
	['OptOut One', { resource: 'optOut', operation: 'getMany', limit: 5, filters: { phoneNumber: '+48 500 000 004' } }],
	['OptOut Delete', { resource: 'optOut', operation: 'delete', optOutId: ref('OptOut One', 'id') }],
	['OptOut Delete Again', { resource: 'optOut', operation: 'delete', optOutId: ref('OptOut One', 'id') }],
	['OptOut Bad Id', { resource: 'optOut', operation: 'delete', optOutId: '..' }],
	['OptOut Settings', { resource: 'optOut', operation: 'getSettings' }],
	['OptOut Brand', { resource: 'optOut', operation: 'updateSettings', brand: 'My Shop' }],
	['OptOut Brand Too Long', { resource: 'optOut', operation: 'updateSettings', brand: 'x'.repeat(256) }],
];

const FIELD_CHAIN: Array<[string, ChainParameters]> = [
	['Field List', { resource: 'contactField', operation: 'getMany', returnAll: true }],
	['Field Create', { resource: 'contactField', operation: 'create', name: 'shoe_size', type: 'number' }],
	['Field Exists', { resource: 'contactField', operation: 'create', name: 'shoe_size' }],
	['Field Update', { resource: 'contactField', operation: 'update', contactFieldId: ref('Field Create', 'id'), name: 'size' }],
	['Field Gender Options', { resource: 'contactField', operation: 'getOptions', contactFieldId: 'gender', returnAll: true }],
	['Field Custom Options', { resource: 'contactField', operation: 'getOptions', contactFieldId: ref('Field Create', 'id') }],
	['Field Delete', { resource: 'contactField', operation: 'delete', contactFieldId: ref('Field Create', 'id') }],
	['Field Gone', { resource: 'contactField', operation: 'delete', contactFieldId: ref('Field Create', 'id') }],
];

describe('in-process n8n: opt-outs and contact fields', () => {
	const suite = useEmulatorSuite({
		emulator: { dlrDelayMs: 600_000 },
		credentials: resourceCredentials,
		loadFixture: (name, credentials) => {
			if (name === 'continue') return chainsWorkflow(name, [OPT_OUT_CHAIN, FIELD_CHAIN], credentials.token, true);
			if (name === 'bad-id') {
				return chainsWorkflow(name, [[['Delete Dot', { resource: 'optOut', operation: 'delete', optOutId: '.' }]]], credentials.token, false);
			}
			return chainsWorkflow(name, [[['Legacy Opt-Outs', { resource: 'optOut', operation: 'getMany' }]]], credentials.legacy, false);
		},
	});
	const emulator = () => suite.emulator();
	beforeEach(() => emulator().reset());

	it('every operation with Continue On Fail: results, and error items for not found, a name in use, no choices, a bad id, a long brand', async () => {
		const run = await suite.run('continue');
		expect(run.error).toBeUndefined();
		const one = (node: string) => jsonOf(run, node)[0];

		expect(jsonOf(run, 'OptOut List').map((entry) => entry.phone_number)).toEqual(['48500000004', '447700900123']);
		expect(jsonOf(run, 'OptOut One')).toEqual([
			expect.objectContaining({ id: '670000000000000000000001', phoneNumber: 48500000004, phone_number: '48500000004', date: expect.any(String) }),
		]);
		expect(one('OptOut Delete')).toEqual({ id: '670000000000000000000001', deleted: true });
		expect(one('OptOut Delete Again').error).toMatch(/not_found/);
		expect(one('OptOut Bad Id').error).toBe('Not a valid ID in optOutId: ".."');
		expect(one('OptOut Settings')).toEqual({ brand: 'Demo Shop' });
		expect(one('OptOut Brand')).toEqual({ brand: 'My Shop' });
		expect(one('OptOut Brand Too Long').error).toBe('The brand has 256 characters, more than the 255 the service takes');
		expect(optOutState(emulator().state)).toMatchObject({ brand: 'My Shop', entries: [expect.objectContaining({ phoneNumber: 447700900123 })] });

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
		expect(requests.filter((request) => request.startsWith('PUT /opt_outs'))).toEqual(['PUT /opt_outs/settings']);
	}, 60_000);

	it('without Continue On Fail a bad id stops the workflow with a clear error and nothing is sent', async () => {
		const run = await suite.run('bad-id');
		expect(run.status).toBe('error');
		expect(errorOf(run, 'Delete Dot').message).toBe('Not a valid ID in optOutId: "."');
		expect(await recorded(emulator())).toEqual([]);
	}, 30_000);

	it('the username and password login gets a clear error before anything is sent: these REST calls take only a token', async () => {
		const run = await suite.run('legacy');
		expect(run.status).toBe('error');
		const error = errorOf(run, 'Legacy Opt-Outs');
		expect(error.message).toBe("This operation needs an access token: SMSAPI's REST API (/opt_outs) does not accept the username and password login");
		expect(error.description).toMatch(/^Nothing was sent\. Generate an API token/);
		expect(await recorded(emulator())).toEqual([]);
		expect(optOutState(emulator().state).entries).toHaveLength(2);
	}, 30_000);
});
