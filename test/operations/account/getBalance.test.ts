/**
 * Account → Get Balance (nock): GET user.do?credits=1 (details=1 with Include Message Counts), points
 * and message counts as numbers, with a token or the username/password login. Its workflows in n8n's
 * engine: getBalance.engine.test.ts.
 */
import { legacyService, runLegacy } from '../support/legacy-login';
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('account.getBalance', () => {
	it('with a token: GET user.do?credits=1&details=1 with Include Message Counts; points and counts as numbers', async () => {
		const service = mockService().on('GET', '/user.do', () => [200, { points: '12.3400', proCount: '74', ecoCount: 174, mmsCount: '41' }]);
		const output = await runNode({ parameters: { resource: 'account', operation: 'getBalance', details: true } });
		expect(service.calls.map((call) => [call.method, call.path, call.query])).toEqual([
			['GET', '/user.do', { credits: '1', details: '1', format: 'json' }],
		]);
		expect(service.calls[0].headers.authorization).toMatch(/^Bearer /);
		expect(output).toEqual([{ json: { points: 12.34, proCount: 74, ecoCount: 174, mmsCount: 41 }, pairedItem: { item: 0 } }]);
	});

	it('with the username/password login, without counts: GET user.do?credits=1, the points', async () => {
		const service = legacyService().on('GET', '/user.do', () => [200, { points: 100 }]);
		const output = await runLegacy({ parameters: { resource: 'account', operation: 'getBalance' } });
		expect(service.calls.map((call) => call.query)).toEqual([{ credits: '1', format: 'json' }]);
		expect(output).toEqual([{ json: { points: 100 }, pairedItem: { item: 0 } }]);
	});
});
