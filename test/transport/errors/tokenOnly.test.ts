/**
 * Requests only the bearer token may make (transport/errors/tokenOnly.ts): every REST call and what
 * an operation marks token-only, not the `*.do` endpoints; the error, thrown before anything is
 * sent, names the path without its query and says how to get a token.
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { needsToken, tokenOnlyError } from '../../../nodes/Smsapi/transport/errors/tokenOnly';

describe('token-only requests', () => {
	it('every REST call needs the token, a legacy endpoint does not, unless the operation says otherwise', () => {
		expect(needsToken({ endpoint: 'contacts' })).toBe(true);
		expect(needsToken({ endpoint: 'profile/prices?type=sms' })).toBe(true);
		expect(needsToken({ endpoint: 'sms.do' })).toBe(false);
		expect(needsToken({ endpoint: 'sms.do', tokenOnly: true })).toBe(true);
		expect(needsToken({ endpoint: 'contacts', tokenOnly: false })).toBe(false);
		expect(needsToken({ endpoint: 'odd', legacy: true })).toBe(false);
	});

	it('says what needs the token, that nothing was sent and how to get one, for its item', () => {
		const error = tokenOnlyError({ name: 'SMSAPI' } as INode, { endpoint: 'rcs/messages?limit=5', itemIndex: 4 });
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe("This operation needs an access token: SMSAPI's REST API (/rcs/messages) does not accept the username and password login");
		expect(error.description).toMatch(/^Nothing was sent\. Generate an API token in the SMSAPI portal/);
		expect(error.context.itemIndex).toBe(4);
	});
});
