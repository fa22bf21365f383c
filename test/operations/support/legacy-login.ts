/**
 * The username/password ("earlier variant") login for operation tests of the `*.do` endpoints,
 * which only that login uses (token logins use the REST API: docs/operations.md, "Which endpoints each login
 * uses"). The recorded requests leave out the login's `username` and `password`, so a test
 * compares what the operation itself sent.
 */
import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';

import { legacyCredentials } from '../../support/n8n-context';
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

/**
 * The username/password login is refused before anything is sent: the operation's REST path takes
 * only a token (transport/errors/tokenOnly.ts). `message` is the error's whole message.
 */
export async function expectTokenOnly(parameters: INodeParameters, message: RegExp): Promise<void> {
	const service = mockService();
	for (const method of ['GET', 'POST', 'PUT', 'DELETE']) service.on(method, /.*/ as unknown as string, () => [200, {}]);
	const error = await failure(runNode({ parameters, credentials: legacyCredentials({ backupUrl: '' }) }));
	expect(error.message).toMatch(message);
	expect(error.description).toMatch(/^Nothing was sent\./);
	expect(service.calls).toEqual([]);
}
