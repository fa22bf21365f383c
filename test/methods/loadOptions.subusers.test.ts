/**
 * The dropdown of sub-users (getSubuserNames, nodes/Smsapi/methods/loadOptions.ts) that fills the
 * Sub-User operations' sub-user: by username, from GET /subusers with a token (its description
 * shown) or user.do with the username/password login.
 */
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { loadOptions } from '../../nodes/Smsapi/methods';
import { loadOptionsContext } from '../support/n8n-context';
import { legacyLogin, legacyService } from '../operations/support/legacy-login';
import { mockService, operationCredentials, useMockedNetwork } from '../operations/support/run-node';

useMockedNetwork();

const context = () => loadOptionsContext({ credentials: operationCredentials() }) as ILoadOptionsFunctions;
const legacyContext = () => loadOptionsContext({ credentials: legacyLogin() }) as ILoadOptionsFunctions;

describe('getSubuserNames', () => {
	it('with a token: lists the sub-users of GET /subusers by username, their description shown', async () => {
		const service = mockService().on('GET', '/subusers', () => [
			200,
			{ size: 2, collection: [{ id: 'a'.repeat(24), username: 'acme_shop', description: 'the web shop' }, { id: 'b'.repeat(24), username: 'acme_b', description: null }] },
		]);
		const options = await loadOptions.getSubuserNames.call(context());
		expect(service.calls.map((call) => [call.method, call.path])).toEqual([['GET', '/subusers']]);
		expect(options).toEqual([
			{ name: 'acme_b', value: 'acme_b', description: undefined },
			{ name: 'acme_shop', value: 'acme_shop', description: 'the web shop' },
		]);
	});

	it('with the username/password login: lists the sub-users of user.do by username', async () => {
		const service = legacyService().on('GET', '/user.do', () => [
			200,
			[
				{ username: 'acme_shop', info: 'the web shop' },
				{ username: 'acme_b', info: '' },
			],
		]);
		const options = await loadOptions.getSubuserNames.call(legacyContext());
		expect(service.calls[0].query).toEqual({ format: 'json', list: '1' });
		expect(options).toEqual([
			{ name: 'acme_b', value: 'acme_b', description: undefined },
			{ name: 'acme_shop', value: 'acme_shop', description: 'the web shop' },
		]);
	});
});
