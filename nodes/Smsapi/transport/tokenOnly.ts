import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { SmsapiRequest } from './types';

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
