/**
 * What only the published REST API has (sub-user shares, the sender-name statement, prices by tariff
 * type), refused for the username/password login before anything is sent, across three resources
 * in one workflow through n8n's engine in-process against the emulator with its conformance checks
 * on. Each operation with a token, and its own refusal: test/operations/subuser/,
 * test/operations/sender/, test/operations/price/.
 */
import { workflow, type Parameters } from './chains';
import { nodeJson as jsonOf } from './run-result';
import { recorded, resourceCredentials } from './resource-fixtures';
import { useEmulatorSuite } from './suite';

const subuser = (operation: string, more: Parameters = {}): Parameters => ({ resource: 'subuser', operation, ...more });
const sender = (operation: string, more: Parameters = {}): Parameters => ({ resource: 'sender', operation, ...more });

/** Only the REST API has these: the username/password login is refused each before anything is sent. */
const LEGACY_REFUSED: Array<[string, Parameters]> = [
	['Get Shares', subuser('getShares', { name: 'demo_shop', share: 'senderNames' })],
	['Update Shares', subuser('updateShares', { name: 'demo_shop', share: 'templates', access: 'all' })],
	['Statement', sender('getStatement')],
	['Prices ECO', { resource: 'price', operation: 'getMany', options: { type: 'eco' } }],
];

describe('in-process n8n: what only the REST API has, with the username/password login', () => {
	const suite = useEmulatorSuite({
		emulator: { dlrDelayMs: 600_000 },
		credentials: resourceCredentials,
		loadFixture: (name, credentials) => workflow(name, [LEGACY_REFUSED], credentials.legacy, true),
	});
	const emulator = () => suite.emulator();
	beforeEach(() => emulator().reset());

	it('the username/password login: shares, the statement and Tariff Type are refused with a clear error, nothing sent', async () => {
		const run = await suite.run('legacy-refused');
		expect(run.error).toBeUndefined();
		expect(jsonOf(run, 'Get Shares')[0]).toMatchObject({ error: 'Shares need an access token login' });
		expect(jsonOf(run, 'Update Shares')[0]).toMatchObject({ error: 'Shares need an access token login' });
		expect(jsonOf(run, 'Statement')[0]).toMatchObject({ error: expect.stringMatching(/^This operation needs an access token/) });
		expect(jsonOf(run, 'Prices ECO')[0]).toMatchObject({ error: 'Tariff Type needs an access token login' });
		expect(await recorded(emulator())).toEqual([]);
	});
});
