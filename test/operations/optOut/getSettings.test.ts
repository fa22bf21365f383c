/**
 * Opt-Out → Get Settings against a mocked service (nock): GET /opt_outs/settings, the brand; token
 * only. In n8n's engine, in the chain that starts with Get Many: getMany.engine.test.ts.
 */
import { expectTokenOnly } from '../support/legacy-login';
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const TOKEN_ONLY = /^This operation needs an access token: SMSAPI's REST API \(\/opt_outs[^)]*\) does not accept the username and password login$/;

describe('optOut.getSettings', () => {
	it('GETs /opt_outs/settings and outputs the brand', async () => {
		const service = mockService().on('GET', '/opt_outs/settings', () => [200, { brand: 'Demo Shop' }]);
		expect((await runNode({ parameters: { resource: 'optOut', operation: 'getSettings' } }))[0].json).toEqual({ brand: 'Demo Shop' });
		expect(service.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /opt_outs/settings']);
	});

	it('the username/password login is refused before anything is sent (the REST call takes only a token)', () =>
		expectTokenOnly({ resource: 'optOut', operation: 'getSettings' }, TOKEN_ONLY));
});
