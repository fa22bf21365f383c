import { NodeApiError } from 'n8n-workflow';
import type { IDataObject, INode, INodeType, JsonObject } from 'n8n-workflow';

import { callbackUrl, isRegistryUnavailable, readCallbackList, REGISTRATION_KEY } from '../../nodes/Smsapi/trigger/registry';
import { BASE_URL, createWorkflow, hookContext, loadTrigger, NODE_ID, NODE_NAME, WEBHOOK_ID } from './harness';

const request = jest.fn();
let trigger: INodeType;

beforeAll(() => {
	const SmsapiTrigger = loadTrigger(request);
	trigger = new SmsapiTrigger();
});

beforeEach(() => request.mockReset());

const node = { name: NODE_NAME, type: 'n8n-nodes-smsapi-plus.smsapiTrigger' } as INode;
const apiError = (httpCode: string, message = 'error') =>
	new NodeApiError(node, { message } as JsonObject, { httpCode, message });

const methods = () => trigger.webhookMethods!.default!;
const urlFor = (event: string, secret = NODE_ID) =>
	`${BASE_URL}/webhook/${WEBHOOK_ID}/${event}${secret ? `?secret=${encodeURIComponent(secret)}` : ''}`;
const nodeStaticData = (workflow: ReturnType<typeof createWorkflow>) =>
	workflow.staticData[`node:${NODE_NAME}`] as IDataObject | undefined;

describe('callback registry lifecycle', () => {
	it('finds its URL (with the secret) in the registry and remembers the id', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		request.mockResolvedValueOnce({
			data: { collection: [{ id: 'c0', type: 'sms_dlr', url: 'https://elsewhere.example/cb' }, { id: 'c1', type: 'sms_dlr', url: urlFor('dlr') }] },
			meta: {},
		});
		await expect(methods().checkExists.call(hookContext(workflow))).resolves.toBe(true);
		expect(request).toHaveBeenCalledWith({ method: 'GET', endpoint: 'callbacks', kind: 'read' });
		expect(nodeStaticData(workflow)?.[REGISTRATION_KEY]).toEqual({ id: 'c1', type: 'sms_dlr', url: urlFor('dlr') });
	});

	it('reports a missing registration so n8n calls create, which registers type and URL', async () => {
		const workflow = createWorkflow(trigger, { event: 'mo', secret: 'my secret&' });
		request.mockResolvedValueOnce({ data: [{ id: 'c0', type: 'sms_mo', url: urlFor('mo', 'other') }], meta: {} });
		await expect(methods().checkExists.call(hookContext(workflow, 'POST'))).resolves.toBe(false);

		request.mockResolvedValueOnce({ data: { id: 'c9', type: 'sms_mo', url: urlFor('mo', 'my secret&') }, meta: {} });
		await expect(methods().create.call(hookContext(workflow, 'POST'))).resolves.toBe(true);
		expect(request).toHaveBeenLastCalledWith({
			method: 'POST',
			endpoint: 'callbacks',
			body: { type: 'sms_mo', url: `${BASE_URL}/webhook/${WEBHOOK_ID}/mo?secret=my%20secret%26` },
			kind: 'read',
		});
		expect(nodeStaticData(workflow)?.[REGISTRATION_KEY]).toMatchObject({ id: 'c9', type: 'sms_mo' });
	});

	it.each([
		['bulk', 'bulk'],
		['click', 'short_url'],
		['hlr', 'hlr'],
		['dlr', 'sms_dlr'],
	])('registers event %s as callback type %s', async (event, type) => {
		const workflow = createWorkflow(trigger, { event, secret: '' });
		request.mockResolvedValueOnce({ data: { id: 'x' }, meta: {} });
		await methods().create.call(hookContext(workflow));
		expect(request.mock.calls[0][0].body).toEqual({ type, url: urlFor(event, '') });
	});

	it('recognises its own registration by the stored id even if the service rewrote the URL', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		request.mockResolvedValueOnce({ data: { id: 'c5' }, meta: {} });
		await methods().create.call(hookContext(workflow));
		request.mockResolvedValueOnce({ data: [{ id: 'c5', type: 'sms_dlr', url: urlFor('dlr').toLowerCase() }], meta: {} });
		await expect(methods().checkExists.call(hookContext(workflow))).resolves.toBe(true);
	});

	it('removes the stored registration on delete and forgets it', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		request.mockResolvedValueOnce({ data: { id: 'c7' }, meta: {} });
		await methods().create.call(hookContext(workflow));
		request.mockReset();
		request
			.mockResolvedValueOnce({ data: { collection: [{ id: 'c7', type: 'sms_dlr', url: urlFor('dlr') }] }, meta: {} })
			.mockResolvedValueOnce({ data: '', meta: {} });
		await expect(methods().delete.call(hookContext(workflow))).resolves.toBe(true);
		expect(request.mock.calls.map((call) => [call[0].method, call[0].endpoint])).toEqual([
			['GET', 'callbacks'],
			['DELETE', 'callbacks/c7'],
		]);
		expect(nodeStaticData(workflow)).not.toHaveProperty(REGISTRATION_KEY);
	});

	it('on delete also removes its URL registered again under another id (the stored id went stale)', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		request.mockResolvedValueOnce({ data: { id: 'c7' }, meta: {} });
		await methods().create.call(hookContext(workflow));
		request.mockReset();
		request
			.mockResolvedValueOnce({
				data: {
					collection: [
						{ id: 'c8', type: 'sms_dlr', url: urlFor('dlr') },
						{ id: 'c9', type: 'sms_mo', url: urlFor('dlr') },
						{ id: 'c10', type: 'sms_dlr', url: urlFor('dlr', 'other') },
					],
				},
				meta: {},
			})
			.mockRejectedValueOnce(apiError('404'))
			.mockResolvedValueOnce({ data: '', meta: {} });
		await expect(methods().delete.call(hookContext(workflow))).resolves.toBe(true);
		expect(request.mock.calls.map((call) => [call[0].method, call[0].endpoint])).toEqual([
			['GET', 'callbacks'],
			['DELETE', 'callbacks/c7'],
			['DELETE', 'callbacks/c8'],
		]);
		expect(nodeStaticData(workflow)).not.toHaveProperty(REGISTRATION_KEY);
	});

	it('without a stored id, deletes the entries carrying its URL', async () => {
		const workflow = createWorkflow(trigger, { event: 'hlr' });
		request
			.mockResolvedValueOnce({ data: [{ id: 'a', url: urlFor('hlr') }, { id: 'b', url: 'https://other/' }], meta: {} })
			.mockResolvedValueOnce({ data: '', meta: {} });
		await methods().delete.call(hookContext(workflow, 'POST'));
		expect(request.mock.calls.map((call) => [call[0].method, call[0].endpoint])).toEqual([
			['GET', 'callbacks'],
			['DELETE', 'callbacks/a'],
		]);
	});

	it.each(['404', '405', '501'])('does nothing and reports success when the registry answers %s', async (httpCode) => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		request.mockRejectedValue(apiError(httpCode));
		await expect(methods().checkExists.call(hookContext(workflow))).resolves.toBe(true);
		await expect(methods().create.call(hookContext(workflow))).resolves.toBe(true);
		await expect(methods().delete.call(hookContext(workflow))).resolves.toBe(true);
		expect(nodeStaticData(workflow)?.[REGISTRATION_KEY]).toBeUndefined();
	});

	it('lets a 401 (and any other error) surface from every method', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		request.mockRejectedValue(apiError('401', 'Authorization failed'));
		await expect(methods().checkExists.call(hookContext(workflow))).rejects.toThrow('Authorization failed');
		await expect(methods().create.call(hookContext(workflow))).rejects.toMatchObject({
			httpCode: '401',
			message: 'Authorization failed',
			description: expect.stringContaining('turn that option off'),
		});
		await expect(methods().delete.call(hookContext(workflow))).rejects.toThrow('Authorization failed');
		request.mockRejectedValue(apiError('503', 'Service unavailable'));
		await expect(methods().create.call(hookContext(workflow))).rejects.toThrow('Service unavailable');
	});

	it('treats a 404 on delete as already removed', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		request.mockResolvedValueOnce({ data: { id: 'gone' }, meta: {} });
		await methods().create.call(hookContext(workflow));
		request.mockResolvedValueOnce({ data: [], meta: {} }).mockRejectedValueOnce(apiError('404'));
		await expect(methods().delete.call(hookContext(workflow))).resolves.toBe(true);
		expect(request).toHaveBeenLastCalledWith({ method: 'DELETE', endpoint: 'callbacks/gone', kind: 'read' });
		expect(nodeStaticData(workflow)).not.toHaveProperty(REGISTRATION_KEY);
	});

	it('leaves the registry alone when registration is turned off', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', options: { registerCallback: false } });
		await expect(methods().checkExists.call(hookContext(workflow))).resolves.toBe(true);
		await expect(methods().create.call(hookContext(workflow))).resolves.toBe(true);
		await expect(methods().delete.call(hookContext(workflow))).resolves.toBe(true);
		expect(request).not.toHaveBeenCalled();
	});

	it('registers the Test URL while listening for a test event', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: '' });
		request.mockResolvedValueOnce({ data: { id: 't1' }, meta: {} });
		const context = hookContext(workflow, 'GET', 'manual', 'manual');
		// n8n marks test webhooks; the context then builds the /webhook-test/ URL.
		(context as unknown as { webhookData: { isTest: boolean } }).webhookData.isTest = true;
		await methods().create.call(context);
		expect(request.mock.calls[0][0].body.url).toBe(`${BASE_URL}/webhook-test/${WEBHOOK_ID}/dlr`);
	});
});

describe('registry helpers', () => {
	it('appends the secret as query parameter', () => {
		expect(callbackUrl('https://h/webhook/x/dlr', '')).toBe('https://h/webhook/x/dlr');
		expect(callbackUrl('https://h/webhook/x/dlr', 'a b')).toBe('https://h/webhook/x/dlr?secret=a%20b');
		expect(callbackUrl('https://h/webhook/x/dlr?y=1', 's')).toBe('https://h/webhook/x/dlr?y=1&secret=s');
	});

	it('reads list answers of several shapes', () => {
		const entry = { id: 1, type: 'hlr', url: 'u' };
		for (const data of [[entry], { collection: [entry] }, { list: [entry] }, { data: [entry] }]) {
			expect(readCallbackList(data)).toEqual([{ id: '1', type: 'hlr', url: 'u' }]);
		}
		expect(readCallbackList({ size: 0 })).toEqual([]);
		expect(readCallbackList('nonsense')).toEqual([]);
		expect(readCallbackList([{ type: 'no id' }, null])).toEqual([]);
	});

	it('knows which errors mean "no registry"', () => {
		expect(isRegistryUnavailable(apiError('404'))).toBe(true);
		expect(isRegistryUnavailable(apiError('403', 'Callbacks are not available for this account'))).toBe(true);
		expect(isRegistryUnavailable(apiError('403', 'Forbidden'))).toBe(false);
		expect(isRegistryUnavailable(apiError('401'))).toBe(false);
		expect(isRegistryUnavailable(apiError('503', 'Service not available'))).toBe(false);
		expect(isRegistryUnavailable(new Error('socket hang up'))).toBe(false);
		expect(isRegistryUnavailable(undefined)).toBe(false);
	});
});
