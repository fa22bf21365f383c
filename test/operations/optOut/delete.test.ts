/**
 * Opt-Out → Delete against a mocked service (nock): DELETE /opt_outs/{id}, a 404 an error naming it,
 * an empty id or one not of its kind (".", "settings") refused before anything is sent; token only.
 * Its workflows in n8n's engine: delete.engine.test.ts.
 */
import { expectIdRefused, firstRequest } from '../support/id-formats';
import { expectTokenOnly } from '../support/legacy-login';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const TOKEN_ONLY = /^This operation needs an access token: SMSAPI's REST API \(\/opt_outs[^)]*\) does not accept the username and password login$/;

describe('optOut.delete', () => {
	it('sends DELETE /opt_outs/{id}; a 404 is an error naming it; an empty or dot id sends nothing', async () => {
		const service = mockService()
			.on('DELETE', '/opt_outs/670000000000000000000001', () => [204, ''])
			.on('DELETE', '/opt_outs/670000000000000000000009', () => [404, { message: 'Opt-Out not found', error: 'not_found' }]);
		const run = (optOutId: string) => runNode({ parameters: { resource: 'optOut', operation: 'delete', optOutId } });
		expect((await run(' 670000000000000000000001 '))[0].json).toEqual({ id: '670000000000000000000001', deleted: true });
		expect((await failure(run('670000000000000000000009'))).message).toMatch(/not_found|Opt-Out not found/);
		expect((await failure(run(''))).message).toBe('Choose the opt-out to delete');
		expect((await failure(run('..'))).message).toBe('Not a valid ID in optOutId: ".."');
		expect(service.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
			'DELETE /opt_outs/670000000000000000000001',
			'DELETE /opt_outs/670000000000000000000009',
		]);
	});

	it('an id that is no opt-out id ("settings") is refused before any request', () =>
		expectIdRefused({ resource: 'optOut', operation: 'delete', optOutId: 'settings' }, 'optOutId: "settings"', /letters and digits .*never "settings"/));

	it('an opt-out id goes through', async () => {
		expect(await firstRequest({ resource: 'optOut', operation: 'delete', optOutId: '670000000000000000000001' })).toBe('DELETE /opt_outs/670000000000000000000001');
	});

	it('the username/password login is refused before anything is sent (the REST call takes only a token)', () =>
		expectTokenOnly({ resource: 'optOut', operation: 'delete', optOutId: '670000000000000000000001' }, TOKEN_ONLY));
});
