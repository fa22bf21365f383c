/**
 * Account → Get Profile (nock): GET /profile with the bearer token, the profile out with points as a
 * number. Its workflows in n8n's engine: getProfile.engine.test.ts.
 */
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('account.getProfile', () => {
	it('GETs /profile with the bearer token; points as a number', async () => {
		const profile = { name: 'Acme', email: 'office@acme.example', username: 'acme', phone_number: '48500000000', payment_type: 'prepaid', user_type: 'native', points: '100.5000' };
		const service = mockService().on('GET', '/profile', () => [200, profile]);
		const output = await runNode({ parameters: { resource: 'account', operation: 'getProfile' } });
		expect(service.calls.map((call) => [call.method, call.path, call.query])).toEqual([['GET', '/profile', {}]]);
		expect(service.calls[0].headers.authorization).toMatch(/^Bearer /);
		expect(output).toEqual([{ json: { ...profile, points: 100.5 }, pairedItem: { item: 0 } }]);
	});
});
