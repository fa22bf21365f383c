/**
 * RCS with the username/password login (issue 40, finding 4): the RCS paths of the published API
 * (panel_com.yml `/rcs/senders`, `/rcs/messages`) name only the bearer token, so the node refuses
 * the earlier variant's login before anything is sent (transport/errors/tokenOnly.ts) instead of putting
 * `username` and the md5 password in the query of a request that can only fail.
 */
import type { ILoadOptionsFunctions, INodeParameters } from 'n8n-workflow';
import nock from 'nock';

import { loadOptions } from '../../nodes/Smsapi/methods';
import { PASSWORD, PASSWORD_MD5, PRIMARY, USERNAME, loadOptionsContext } from '../support/n8n-context';
import { legacyLogin } from './support/legacy-login';
import { failure, runNode, useMockedNetwork } from './support/run-node';

useMockedNetwork();

const SENDER = '65f0c0ffee00000000000001';

/** Every request that reaches the primary address, whatever its method and path, answered as the service would a REST call. */
function anyRequest(): string[] {
	const seen: string[] = [];
	for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
		nock(PRIMARY)
			.persist()
			.intercept(() => true, method)
			.reply(function (uri) {
				seen.push(`${this.req.method} ${uri}`);
				return [401, { message: 'Authorization failed', error: 'authorization_failed', errors: null, developer_description: null }];
			});
	}
	return seen;
}

const TOKEN_ONLY = (path: string) =>
	new RegExp(`^This operation needs an access token: SMSAPI's REST API \\(/${path}\\) does not accept the username and password login$`);

describe('RCS with the username/password login: refused before anything is sent', () => {
	const cases: Array<[string, INodeParameters, string]> = [
		['send (text)', { resource: 'rcs', operation: 'send', sender: SENDER, phoneNumber: '48500000001', contentType: 'text', text: 'Hi' }, 'rcs/messages'],
		['send (RCS JSON)', { resource: 'rcs', operation: 'send', sender: SENDER, phoneNumber: '48500000001', contentType: 'content', content: '{"text":"Hi"}' }, 'rcs/messages'],
		['getSenders', { resource: 'rcs', operation: 'getSenders', returnAll: true }, 'rcs/senders'],
		['getManyMessages', { resource: 'rcs', operation: 'getManyMessages', returnAll: false, limit: 5 }, 'rcs/messages'],
	];

	it.each(cases)('%s: the token-only error, no request at all', async (_name, parameters, path) => {
		const seen = anyRequest();
		const error = await failure(runNode({ parameters, credentials: legacyLogin() }));
		expect(error.message).toMatch(TOKEN_ONLY(path));
		expect(error.description).toMatch(/^Nothing was sent\./);
		for (const secret of [USERNAME, PASSWORD, PASSWORD_MD5]) expect(`${error.message} ${error.description}`).not.toContain(secret);
		expect(seen).toEqual([]);
	});

	it('with Continue On Fail every item gets the error and still nothing is sent', async () => {
		const seen = anyRequest();
		const send = (phoneNumber: string) => ({ resource: 'rcs', operation: 'send', sender: SENDER, phoneNumber, contentType: 'text', text: 'Hi' });
		const output = await runNode({ parameters: [send('48500000001'), send('48500000002')], credentials: legacyLogin(), continueOnFail: true });
		expect(output.map((item) => [item.json.error, item.pairedItem])).toEqual([
			[expect.stringMatching(TOKEN_ONLY('rcs/messages')), { item: 0 }],
			[expect.stringMatching(TOKEN_ONLY('rcs/messages')), { item: 1 }],
		]);
		expect(seen).toEqual([]);
	});

	it('the RCS sender dropdown: the token-only error, no request at all', async () => {
		const seen = anyRequest();
		const context = loadOptionsContext({ credentials: legacyLogin() }) as ILoadOptionsFunctions;
		await expect(loadOptions.getRcsSenders.call(context)).rejects.toThrow(TOKEN_ONLY('rcs/senders'));
		expect(seen).toEqual([]);
	});
});
