/**
 * The requests to the service's callback registry (trigger/registryRequests.ts) with the transport's
 * request mocked: each as the published API has it (GET, POST, PUT, DELETE /callbacks), the URL's
 * secret segment named to the transport so that it stays out of errors, an id that is no id refused
 * before any request, a DELETE of an entry already gone (404) taken as done, and a POST whose outcome
 * is unknown sent again only when the list shows the URL did not get registered.
 */
import type { IHookFunctions, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { smsapiApiRequest } from '../../nodes/Smsapi/transport';
import { deleteCallback, listCallbacks, moveCallback, postCallback } from '../../nodes/Smsapi/trigger/registryRequests';

jest.mock('../../nodes/Smsapi/transport', () => ({
	...jest.requireActual<object>('../../nodes/Smsapi/transport'),
	smsapiApiRequest: jest.fn(),
}));

const request = smsapiApiRequest as unknown as jest.Mock;
const node = { name: 'SMSAPI Trigger', type: 'n8n-nodes-smsapi-plus.smsapiTrigger' } as INode;
const hooks = { getNode: () => node } as unknown as IHookFunctions;
const answer = (data: unknown) => ({ data, meta: {} });
const apiError = (httpCode: string, context: Record<string, unknown> = {}) => Object.assign(new NodeApiError(node, { message: 'refused' }, { httpCode }), { context });

const target = { type: 'sms_dlr', url: 'https://n8n.example.com/webhook/w1/dlr/s3cret', queryUrl: 'https://n8n.example.com/webhook/w1/dlr?secret=s3cret' };
const sent = () => request.mock.calls.map(([sentRequest]) => sentRequest as Record<string, unknown>);

beforeEach(() => request.mockReset());

describe('the registry requests', () => {
	it('lists with GET /callbacks (safe to repeat) and reads the published list', async () => {
		request.mockResolvedValueOnce(answer({ size: 1, collection: [{ id: 'c1', type: 'sms_dlr', url: target.url }] }));
		await expect(listCallbacks.call(hooks)).resolves.toEqual([{ id: 'c1', type: 'sms_dlr', url: target.url, receiver: undefined }]);
		expect(sent()).toEqual([{ method: 'GET', endpoint: 'callbacks', safeToRepeat: true }]);
	});

	it('moves an entry with PUT /callbacks/{id} {url} as JSON, naming the secret segment', async () => {
		request.mockResolvedValueOnce(answer({}));
		await moveCallback.call(hooks, 'c1', target);
		expect(sent()).toEqual([{ method: 'PUT', endpoint: 'callbacks/c1', body: { url: target.url }, bodyFormat: 'json', safeToRepeat: true, secrets: ['s3cret'] }]);
	});

	it('refuses an id that is no id before any request', async () => {
		await expect(deleteCallback.call(hooks, '..')).rejects.toThrow('Not a valid ID');
		await expect(moveCallback.call(hooks, 'a/b', target)).rejects.toThrow('Not a valid ID');
		expect(request).not.toHaveBeenCalled();
	});

	it('deletes with DELETE /callbacks/{id}; a 404 is an entry already gone, a 405 an error', async () => {
		request.mockRejectedValueOnce(apiError('404'));
		await expect(deleteCallback.call(hooks, 'c1')).resolves.toBeUndefined();
		request.mockRejectedValueOnce(apiError('405'));
		await expect(deleteCallback.call(hooks, 'c2')).rejects.toMatchObject({ httpCode: '405' });
		expect(sent().map(({ method, endpoint }) => `${String(method)} ${String(endpoint)}`)).toEqual(['DELETE callbacks/c1', 'DELETE callbacks/c2']);
	});

	it('registers with POST /callbacks (not repeated by the transport) and returns the new id', async () => {
		request.mockResolvedValueOnce(answer({ id: 'c9', type: 'sms_dlr', url: target.url }));
		await expect(postCallback.call(hooks, target)).resolves.toBe('c9');
		expect(sent()).toEqual([
			{ method: 'POST', endpoint: 'callbacks', body: { type: 'sms_dlr', url: target.url }, bodyFormat: 'json', safeToRepeat: false, secrets: ['s3cret'] },
		]);
	});

	it('after a POST whose outcome is unknown, takes the entry the list shows instead of a second POST', async () => {
		request.mockRejectedValueOnce(apiError('', { outcome: 'unknown' })).mockResolvedValueOnce(answer({ collection: [{ id: 'c7', type: 'sms_dlr', url: target.url }] }));
		await expect(postCallback.call(hooks, target)).resolves.toBe('c7');
		expect(sent().map(({ method }) => method)).toEqual(['POST', 'GET']);
	});

	it('after a POST whose outcome is unknown and that did not register, POSTs once more; a refused POST is not repeated', async () => {
		request
			.mockRejectedValueOnce(apiError('', { outcome: 'unknown' }))
			.mockResolvedValueOnce(answer({ collection: [] }))
			.mockResolvedValueOnce(answer({ data: { id: 'c8' } }));
		await expect(postCallback.call(hooks, target)).resolves.toBe('c8');
		expect(sent().map(({ method }) => method)).toEqual(['POST', 'GET', 'POST']);
		request.mockReset();
		request.mockRejectedValueOnce(apiError('400'));
		await expect(postCallback.call(hooks, target)).rejects.toMatchObject({ httpCode: '400' });
		expect(request).toHaveBeenCalledTimes(1);
	});
});
