/**
 * A run of one request as the transport keeps it (nodes/Smsapi/transport/requestRun.ts), for the
 * tests of what works on one: its first attempt on the primary address of the .com platform, not
 * guarded by idx, nothing sent before; `overrides` set the rest.
 */
import type { INode } from 'n8n-workflow';

import type { RequestRun } from '../../../nodes/Smsapi/transport/requestRun';
import type { SmsapiRequest } from '../../../nodes/Smsapi/transport/types';

export const RUN_NODE = { name: 'SMSAPI', type: 'n8n-nodes-smsapi-plus.smsapi', credentials: { smsapiApi: { id: 'c1', name: 'SMSAPI account' } } } as unknown as INode;

export const requestRunOf = (request: SmsapiRequest, overrides: Partial<RequestRun> = {}): RequestRun => ({
	request,
	node: RUN_NODE,
	addresses: { primary: 'https://api.smsapi.com', backup: 'https://api2.smsapi.com' },
	credentials: {},
	secrets: [],
	legacy: request.endpoint.endsWith('.do'),
	guardedByIdx: false,
	timeoutMs: 30_000,
	address: 'primary',
	attempts: 1,
	earlierMayHaveBeenAccepted: false,
	...overrides,
});
