import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isLegacyRequest } from '../failover';
import type { SmsapiRequest } from '../types';

/**
 * Whether only the bearer token may make this request: `tokenOnly` where the operation says so,
 * else every REST call. The published API gives its REST paths no other security scheme
 * (docs/service-differences.md, A1), so the earlier variant's login there could only be refused,
 * and n8n's authentication would first have put `username` and the md5 password in the query of a
 * GET or DELETE (credentials/SmsapiApiHelpers.ts), where proxies and access logs keep it.
 */
export function needsToken(
	request: Pick<SmsapiRequest, 'endpoint' | 'legacy' | 'tokenOnly'>,
): boolean {
	return request.tokenOnly ?? !isLegacyRequest(request);
}

/**
 * The error for a request the published API takes only with the bearer token (its REST files name
 * no other security scheme; docs/service-differences.md, A1) when the credential holds the earlier
 * variant's username and password. Thrown before anything is sent: the service would answer 401.
 */
export function tokenOnlyError(
	node: INode,
	request: Pick<SmsapiRequest, 'endpoint' | 'itemIndex'>,
): NodeOperationError {
	const path = request.endpoint.split('?')[0];
	return new NodeOperationError(
		node,
		`This operation needs an access token: SMSAPI's REST API (/${path}) does not accept the username and password login`,
		{
			itemIndex: request.itemIndex,
			description:
				"Nothing was sent. Generate an API token in the SMSAPI portal (API Tokens) and set the credential's Authentication to Access Token (OAuth Bearer); the token works for every operation.",
		},
	);
}
