/**
 * The RCS sender dropdown (getRcsSenders, nodes/Smsapi/methods/loadOptions.ts): the account's RCS
 * senders by name with their id as value, sorted; the username/password login refused with the
 * token-only error before any request (the RCS paths name only the bearer token).
 */
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { loadOptions } from '../../nodes/Smsapi/methods';
import { loadOptionsContext } from '../support/n8n-context';
import { anyRequest, legacyLogin, tokenOnlyMessage } from '../operations/support/legacy-login';
import { mockService, operationCredentials, useMockedNetwork } from '../operations/support/run-node';

useMockedNetwork();

describe('getRcsSenders', () => {
	it('lists the senders by name with their id as value, sorted', async () => {
		mockService().on('GET', '/rcs/senders', () => [200, { size: 2, collection: [{ id: 'b'.repeat(24), sender: 'Zeta' }, { id: 'a'.repeat(24), sender: 'Alpha' }] }]);
		const context = loadOptionsContext({ credentials: operationCredentials() }) as ILoadOptionsFunctions;
		expect(await loadOptions.getRcsSenders.call(context)).toEqual([
			{ name: 'Alpha', value: 'a'.repeat(24) },
			{ name: 'Zeta', value: 'b'.repeat(24) },
		]);
	});

	it('the username/password login: the token-only error, no request at all', async () => {
		const seen = anyRequest();
		const context = loadOptionsContext({ credentials: legacyLogin() }) as ILoadOptionsFunctions;
		await expect(loadOptions.getRcsSenders.call(context)).rejects.toThrow(tokenOnlyMessage('rcs/senders'));
		expect(seen).toEqual([]);
	});
});
