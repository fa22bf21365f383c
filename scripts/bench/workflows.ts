/**
 * The nodes and workflows the bench runs (scripts/bench/run.ts, inprocess.ts): the same parameter
 * work everywhere (`to` from the item, a constant message) so that only the node differs.
 */

export const MESSAGE = 'Spring sale: 20% off until Sunday.';

/** n8n's Set node doing the send's parameter work: n8n's own floor. */
export function setFloorNode() {
	return {
		id: 'b0000000-0000-4000-8000-000000000002',
		name: 'Set',
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		position: [400, 0],
		parameters: {
			assignments: {
				assignments: [
					{ id: 'a1', name: 'to', value: '={{ $json.to }}', type: 'string' },
					{ id: 'a2', name: 'message', value: MESSAGE, type: 'string' },
				],
			},
			options: {},
		},
	};
}

/** This package's SMS Send, `to` from the item, a constant message. */
export function smsapiSendNode(credential: { id: string; name: string }, options: { batching: boolean; maxParallel?: number }) {
	const nodeOptions: Record<string, unknown> = {};
	if (!options.batching) nodeOptions.batching = false;
	if (options.maxParallel !== undefined) nodeOptions.maxParallelRequests = options.maxParallel;
	return {
		id: 'b0000000-0000-4000-8000-000000000003',
		name: 'SMSAPI',
		type: 'n8n-nodes-smsapi-plus.smsapi',
		typeVersion: 1,
		position: [400, 0],
		parameters: { resource: 'sms', operation: 'send', to: '={{ $json.to }}', message: MESSAGE, options: nodeOptions },
		credentials: { smsapiApi: credential },
	};
}
