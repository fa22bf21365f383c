/**
 * The username/password ("earlier variant") login for operation tests of the `*.do` endpoints,
 * which only that login uses (token logins use the REST API: docs/operations.md, "Which endpoints each login
 * uses"). The recorded requests leave out the login's `username` and `password`, so a test
 * compares what the operation itself sent. And the REST calls' refusal of that login, before
 * anything is sent.
 */
import nock from 'nock';
import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';

import { legacyCredentials, PASSWORD, PASSWORD_MD5, PRIMARY, USERNAME } from '../../support/n8n-context';
import { failure, mockService, runNode, type Reply, type RunOptions, type WireRequest } from './run-node';

export const legacyLogin = (): ICredentialDataDecryptedObject => legacyCredentials({ backupUrl: '' });

function withoutLogin(request: WireRequest): WireRequest {
	const { username: _queryUser, password: _queryPassword, ...query } = request.query;
	const { username: _bodyUser, password: _bodyPassword, ...body } = request.body;
	return { ...request, query, body };
}

/** mockService() whose `calls` leave out the login. */
export function legacyService() {
	const service = mockService();
	const legacy = {
		get calls(): WireRequest[] {
			return service.calls.map(withoutLogin);
		},
		on(method: string, path: string, answer: (request: WireRequest) => Reply) {
			service.on(method, path, answer);
			return legacy;
		},
	};
	return legacy;
}

/** runNode() with the username/password login. */
export const runLegacy = (options: RunOptions) => runNode({ credentials: legacyLogin(), ...options });

/** Every request that reaches the primary address, whatever its method and path, answered as the service would a REST call without a token. */
export function anyRequest(): string[] {
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

/** The refusal of a REST path (e.g. `rcs/messages`) for the username/password login, as the whole message. */
export const tokenOnlyMessage = (path: string) =>
	new RegExp(`^This operation needs an access token: SMSAPI's REST API \\(/${path}\\) does not accept the username and password login$`);

/**
 * The username/password login is refused before anything is sent: the operation's REST path takes
 * only a token (transport/errors/tokenOnly.ts). `message` is the error's whole message; the login
 * appears nowhere in the error.
 */
export async function expectTokenOnly(parameters: INodeParameters, message: RegExp): Promise<void> {
	const seen = anyRequest();
	const error = await failure(runNode({ parameters, credentials: legacyLogin() }));
	expect(error.message).toMatch(message);
	expect(error.description).toMatch(/^Nothing was sent\./);
	for (const secret of [USERNAME, PASSWORD, PASSWORD_MD5]) expect(`${error.message} ${error.description}`).not.toContain(secret);
	expect(seen).toEqual([]);
}
