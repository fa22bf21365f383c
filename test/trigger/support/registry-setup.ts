/**
 * What the callback registry tests share: the SMSAPI Trigger loaded once per test file with a
 * mocked transport request (reset per test), the service's errors as the transport throws them,
 * and the URLs the node registers.
 */
import type { IDataObject, INode, INodeType, JsonObject, NodeApiError as NodeApiErrorClass } from 'n8n-workflow';

import { querySecretUrl, secretPathSegment } from '../../../nodes/Smsapi/trigger/webhookUrls';
import { BASE_URL, createWorkflow, loadTrigger, logs, NODE_ID, NODE_NAME, WEBHOOK_ID } from './webhook-calls';

/** The transport request the trigger was loaded with: what the registry was asked, and its answers. */
export const request = jest.fn();
/** The trigger node of the running test file (set before its tests run). */
export let trigger: INodeType;

/**
 * NodeApiError of the n8n-workflow the node was loaded with (loadTrigger resets the module
 * registry): the transport's errors are of that class, so the node takes them as they are.
 */
export let NodeApiError: typeof NodeApiErrorClass;

export function useRegistryTrigger(): void {
	beforeAll(() => {
		const SmsapiTrigger = loadTrigger(request);
		trigger = new SmsapiTrigger();
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		({ NodeApiError } = require('n8n-workflow') as typeof import('n8n-workflow'));
	});

	beforeEach(() => {
		request.mockReset();
		logs.length = 0;
	});
}

export const node = { name: NODE_NAME, type: 'n8n-nodes-smsapi-plus.smsapiTrigger' } as INode;
export const apiError = (httpCode: string, message = 'error', description?: string) =>
	new NodeApiError(node, { message } as JsonObject, { httpCode, message, description });

export const methods = () => trigger.webhookMethods!.default!;
/** The URL the editor shows and the node registers: the secret is the last path segment. */
export const urlFor = (event: string, secret = NODE_ID) =>
	`${BASE_URL}/webhook/${WEBHOOK_ID}/${event}${secret ? `/${secretPathSegment(secret)}` : ''}`;
/** The earlier layout of the same webhook. */
export const queryUrlFor = (event: string, secret = NODE_ID) => querySecretUrl(`${BASE_URL}/webhook/${WEBHOOK_ID}/${event}`, secret);
export const nodeStaticData = (workflow: ReturnType<typeof createWorkflow>) =>
	workflow.staticData[`node:${NODE_NAME}`] as IDataObject | undefined;
export const answer = (data: unknown) => ({ data, meta: {} });
export const calls = () => request.mock.calls.map((call) => `${call[0].method} ${call[0].endpoint}`);
