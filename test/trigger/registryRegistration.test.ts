/**
 * The trigger's callback registry (trigger/registry.ts, called through support/registry-setup.ts):
 * what it registers at the published /callbacks, exactly once, how it moves URLs of the earlier
 * layout, the rest of its lifecycle (its own entry, delete, registration off, the Test URL), how it
 * reads the registry's answers, and the Receiving Number dropdown.
 */
import { createCallbackBody, readCallbackList, readReceivingNumbers } from '../../nodes/Smsapi/trigger/registryEntries';
import { isNotThere } from '../../nodes/Smsapi/trigger/registryFailures';
import { REGISTRATION_KEY } from '../../nodes/Smsapi/trigger/storedRegistration';
import { BASE_URL, createWorkflow, hookContext, NODE_ID, WEBHOOK_ID } from './support/webhook-calls';
import { answer, apiError, calls, methods, nodeStaticData, queryUrlFor, request, trigger, urlFor, useRegistryTrigger } from './support/registry-setup';

useRegistryTrigger();

describe('registering at the published /callbacks', () => {
	it('sends POST /callbacks as JSON {type, url} with the URL the editor shows (secret in the path), never blindly repeated', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		request.mockResolvedValueOnce(answer({ size: 0, collection: [] })).mockResolvedValueOnce(answer({ id: 'c1', type: 'sms_dlr', url: urlFor('dlr') }));
		await expect(methods().create.call(hookContext(workflow))).resolves.toBe(true);
		expect(request.mock.calls[1][0]).toEqual({
			method: 'POST',
			endpoint: 'callbacks',
			body: { type: 'sms_dlr', url: `${BASE_URL}/webhook/${WEBHOOK_ID}/dlr/${NODE_ID}` },
			bodyFormat: 'json',
			safeToRepeat: false,
			// The secret segment, kept out of the request's errors (test/trigger/registryFailures.test.ts).
			secrets: [NODE_ID],
		});
		expect(nodeStaticData(workflow)?.[REGISTRATION_KEY]).toEqual({ id: 'c1', type: 'sms_dlr', url: urlFor('dlr') });
	});

	it.each([
		['all', undefined, { receiver_type: 'all' }],
		['twoWay', undefined, { receiver_type: '2way' }],
		['number', '48799599599', { receiver_type: 'number', receiver_number: '48799599599' }],
	])('inbound messages with Receiver %s send receiver_type (and receiver_number)', async (receiver, receiverNumber, fields) => {
		const workflow = createWorkflow(trigger, { event: 'mo', receiver, receiverNumber });
		request.mockResolvedValueOnce(answer({ collection: [] })).mockResolvedValueOnce(answer({ id: 'm1' }));
		await methods().create.call(hookContext(workflow, 'POST'));
		expect(request.mock.calls[1][0].body).toEqual({ type: 'sms_mo', url: urlFor('mo'), ...fields });
	});

	it('inbound messages of a workflow saved before the Receiver option register for all numbers', async () => {
		const workflow = createWorkflow(trigger, { event: 'mo' });
		request.mockResolvedValueOnce(answer({ collection: [] })).mockResolvedValueOnce(answer({ id: 'm1' }));
		await methods().create.call(hookContext(workflow, 'POST'));
		expect(request.mock.calls[1][0].body).toEqual({ type: 'sms_mo', url: urlFor('mo'), receiver_type: 'all' });
	});

	it.each([
		['bulk', 'bulk'],
		['click', 'short_url'],
		['hlr', 'hlr'],
		['dlr', 'sms_dlr'],
	])('registers event %s as callback type %s, without receiver fields', async (event, type) => {
		const workflow = createWorkflow(trigger, { event, secret: '' });
		request.mockResolvedValueOnce(answer([])).mockResolvedValueOnce(answer({ id: 'x' }));
		await methods().create.call(hookContext(workflow));
		expect(request.mock.calls[1][0].body).toEqual({ type, url: urlFor(event, '') });
	});

	it('One Number without a number: a clear error before anything is sent to POST', async () => {
		const workflow = createWorkflow(trigger, { event: 'mo', receiver: 'number', receiverNumber: '' });
		await expect(methods().create.call(hookContext(workflow, 'POST'))).rejects.toThrow(/Receiving Number is empty/);
		expect(request).not.toHaveBeenCalled();
	});

	it('a secret with characters unsafe in a path is registered in its path form', async () => {
		const workflow = createWorkflow(trigger, { event: 'mo', secret: 'my secret&/x' });
		request.mockResolvedValueOnce(answer([])).mockResolvedValueOnce(answer({ id: 'c9' }));
		await methods().create.call(hookContext(workflow, 'POST'));
		expect(request.mock.calls[1][0].body.url).toBe(`${BASE_URL}/webhook/${WEBHOOK_ID}/mo/my_20secret_26_2Fx`);
	});
});

describe('registering exactly once', () => {
	it('keeps an entry already registered for its URL instead of POSTing it again (after a reset of n8n)', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		request.mockResolvedValueOnce(answer({ collection: [{ id: 'c3', type: 'sms_dlr', url: urlFor('dlr') }] }));
		await methods().create.call(hookContext(workflow));
		expect(calls()).toEqual(['GET callbacks']);
		expect(nodeStaticData(workflow)?.[REGISTRATION_KEY]).toMatchObject({ id: 'c3' });
	});

	it('after a POST whose outcome is unknown, reads the list and does not POST again when the URL got registered', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		const unknown = Object.assign(apiError('ETIMEDOUT', 'SMSAPI may or may not have accepted the request'), { context: { outcome: 'unknown' } });
		request
			.mockResolvedValueOnce(answer({ collection: [] }))
			.mockRejectedValueOnce(unknown)
			.mockResolvedValueOnce(answer({ collection: [{ id: 'c4', type: 'sms_dlr', url: urlFor('dlr') }] }));
		await expect(methods().create.call(hookContext(workflow))).resolves.toBe(true);
		expect(calls()).toEqual(['GET callbacks', 'POST callbacks', 'GET callbacks']);
		expect(nodeStaticData(workflow)?.[REGISTRATION_KEY]).toMatchObject({ id: 'c4' });
	});

	it('after a POST whose outcome is unknown and that did not register, POSTs once more', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		const unknown = Object.assign(apiError('ECONNRESET', 'lost'), { context: { outcome: 'unknown' } });
		request
			.mockResolvedValueOnce(answer({ collection: [] }))
			.mockRejectedValueOnce(unknown)
			.mockResolvedValueOnce(answer({ collection: [] }))
			.mockResolvedValueOnce(answer({ id: 'c5' }));
		await methods().create.call(hookContext(workflow));
		expect(calls()).toEqual(['GET callbacks', 'POST callbacks', 'GET callbacks', 'POST callbacks']);
	});

	it('checkExists is true only for exactly one entry with the current URL and receiver', async () => {
		const workflow = createWorkflow(trigger, { event: 'mo', receiver: 'twoWay' });
		const entry = { id: 'c1', type: 'sms_mo', url: urlFor('mo'), receiver: { type: '2way', number: null } };
		request.mockResolvedValueOnce(answer({ collection: [entry] }));
		await expect(methods().checkExists.call(hookContext(workflow, 'POST'))).resolves.toBe(true);
		request.mockResolvedValueOnce(answer({ collection: [{ ...entry, receiver: { type: 'all', number: null } }] }));
		await expect(methods().checkExists.call(hookContext(workflow, 'POST'))).resolves.toBe(false);
		request.mockResolvedValueOnce(answer({ collection: [entry, { id: 'c2', type: 'sms_mo', url: queryUrlFor('mo'), receiver: { type: '2way' } }] }));
		await expect(methods().checkExists.call(hookContext(workflow, 'POST'))).resolves.toBe(false);
	});

	it('replaces its entry registered for another receiver (the type and receiver cannot be updated)', async () => {
		const workflow = createWorkflow(trigger, { event: 'mo', receiver: 'number', receiverNumber: '48500' });
		request
			.mockResolvedValueOnce(answer({ collection: [{ id: 'old', type: 'sms_mo', url: urlFor('mo'), receiver: { type: 'all', number: null } }] }))
			.mockResolvedValueOnce(answer(''))
			.mockResolvedValueOnce(answer({ id: 'new', type: 'sms_mo', url: urlFor('mo'), receiver_type: 'number', receiver_number: '48500' }));
		await methods().create.call(hookContext(workflow, 'POST'));
		expect(calls()).toEqual(['GET callbacks', 'DELETE callbacks/old', 'POST callbacks']);
		expect(nodeStaticData(workflow)?.[REGISTRATION_KEY]).toMatchObject({ id: 'new' });
	});
});

describe('URLs registered in the earlier layout (…/<event>?secret=)', () => {
	it('moves its earlier entry to the current URL with PUT /callbacks/{id} {url} instead of registering a second one', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: 'Xy7-secret' });
		const earlier = answer({ collection: [{ id: 'e1', type: 'sms_dlr', url: queryUrlFor('dlr', 'Xy7-secret') }] });
		request
			.mockResolvedValueOnce(earlier)
			.mockResolvedValueOnce(earlier)
			.mockResolvedValueOnce(answer({ id: 'e1', type: 'sms_dlr', url: urlFor('dlr', 'Xy7-secret') }));
		await expect(methods().checkExists.call(hookContext(workflow))).resolves.toBe(false);
		await methods().create.call(hookContext(workflow));
		expect(request.mock.calls[2][0]).toEqual({
			method: 'PUT',
			endpoint: 'callbacks/e1',
			body: { url: `${BASE_URL}/webhook/${WEBHOOK_ID}/dlr/Xy7-secret` },
			bodyFormat: 'json',
			safeToRepeat: true,
			secrets: ['Xy7-secret'],
		});
		expect(calls()).toEqual(['GET callbacks', 'GET callbacks', 'PUT callbacks/e1']);
	});

	it('on delete removes both layouts of its URL', async () => {
		const workflow = createWorkflow(trigger, { event: 'hlr' });
		request
			.mockResolvedValueOnce(answer([{ id: 'a', url: urlFor('hlr') }, { id: 'b', url: queryUrlFor('hlr') }, { id: 'c', url: 'https://other/' }]))
			.mockResolvedValue(answer(''));
		await methods().delete.call(hookContext(workflow, 'POST'));
		expect(calls()).toEqual(['GET callbacks', 'DELETE callbacks/a', 'DELETE callbacks/b']);
	});
});

describe('the rest of the lifecycle', () => {
	it('recognises its own registration by the stored id even if the service rewrote the URL', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		request.mockResolvedValueOnce(answer([])).mockResolvedValueOnce(answer({ id: 'c5' }));
		await methods().create.call(hookContext(workflow));
		request.mockResolvedValueOnce(answer([{ id: 'c5', type: 'sms_dlr', url: urlFor('dlr').toLowerCase() }]));
		await expect(methods().checkExists.call(hookContext(workflow))).resolves.toBe(true);
	});

	it('on delete removes the stored id and every other entry of its URL, and forgets it', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		request.mockResolvedValueOnce(answer([])).mockResolvedValueOnce(answer({ id: 'c7' }));
		await methods().create.call(hookContext(workflow));
		request.mockReset();
		request
			.mockResolvedValueOnce(answer({ collection: [{ id: 'c8', type: 'sms_dlr', url: urlFor('dlr') }, { id: 'c9', type: 'sms_mo', url: urlFor('dlr') }] }))
			.mockRejectedValueOnce(apiError('404'))
			.mockResolvedValueOnce(answer(''));
		await expect(methods().delete.call(hookContext(workflow))).resolves.toBe(true);
		expect(calls()).toEqual(['GET callbacks', 'DELETE callbacks/c7', 'DELETE callbacks/c8']);
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
		request.mockResolvedValueOnce(answer([])).mockResolvedValueOnce(answer({ id: 't1' }));
		const context = hookContext(workflow, 'GET', 'manual', 'manual');
		// n8n marks test webhooks; the context then builds the /webhook-test/ URL.
		(context as unknown as { webhookData: { isTest: boolean } }).webhookData.isTest = true;
		await methods().create.call(context);
		expect(request.mock.calls[1][0].body.url).toBe(`${BASE_URL}/webhook-test/${WEBHOOK_ID}/dlr`);
	});
});

describe('registry helpers', () => {
	it('reads list answers: the published {size, collection} with nested or flat receiver, and other shapes', () => {
		const entry = { id: '0f0f0f0f0f0f0f0f0f0f0f0f', type: 'sms_mo', url: 'u', receiver: { type: 'number', number: '123' }, active: true };
		expect(readCallbackList({ size: 1, collection: [entry] })).toEqual([
			{ id: '0f0f0f0f0f0f0f0f0f0f0f0f', type: 'sms_mo', url: 'u', receiver: { type: 'number', number: '123' } },
		]);
		expect(readCallbackList([{ id: 1, type: 'sms_mo', url: 'u', receiver_type: '2way' }])).toEqual([
			{ id: '1', type: 'sms_mo', url: 'u', receiver: { type: '2way' } },
		]);
		expect(readCallbackList([{ id: 2, type: 'hlr', url: 'u', receiver: null }])).toEqual([{ id: '2', type: 'hlr', url: 'u', receiver: undefined }]);
		expect(readCallbackList({ size: 0 })).toEqual([]);
		expect(readCallbackList('nonsense')).toEqual([]);
		expect(readCallbackList([{ type: 'no id' }, null])).toEqual([]);
	});

	it('builds exactly the published create body', () => {
		const target = { type: 'sms_mo', url: 'https://x/mo/s', queryUrl: 'https://x/mo?secret=s' };
		expect(createCallbackBody({ ...target, receiver: { type: 'number', number: '48500' } })).toEqual({
			type: 'sms_mo',
			url: 'https://x/mo/s',
			receiver_type: 'number',
			receiver_number: '48500',
		});
		expect(createCallbackBody({ ...target, type: 'hlr' })).toEqual({ type: 'hlr', url: 'https://x/mo/s' });
	});

	it('reads the receiving numbers of an OPTIONS /callbacks answer', () => {
		const data = { post: { type: ['sms_mo'], receiver_type: ['all', 'number'], receiver_number: ['123123123', '123123124'], receive_numbers: { sms: ['123123123'], mms: ['789789789'] } } };
		expect(readReceivingNumbers(data)).toEqual(['123123123', '123123124', '789789789']);
		expect(readReceivingNumbers({ post: { receive_numbers: [] } })).toEqual([]);
		expect(readReceivingNumbers(null)).toEqual([]);
	});

	it('knows which errors mean "not there" (tolerated on deactivation only): 404, 405, 501', () => {
		expect(isNotThere(apiError('404'))).toBe(true);
		expect(isNotThere(apiError('405'))).toBe(true);
		expect(isNotThere(apiError('501'))).toBe(true);
		expect(isNotThere(apiError('400', 'Callbacks are not supported'))).toBe(false);
		expect(isNotThere(apiError('403', 'Callbacks are not available for this account'))).toBe(false);
		expect(isNotThere(apiError('401'))).toBe(false);
		expect(isNotThere(new Error('socket hang up'))).toBe(false);
		expect(isNotThere(undefined)).toBe(false);
	});
});

describe('the Receiving Number dropdown', () => {
	it('lists the numbers of OPTIONS /callbacks, sorted', async () => {
		request.mockResolvedValueOnce(answer({ post: { receiver_number: ['48799599599', '48500100100'] } }));
		const options = await trigger.methods!.loadOptions!.getReceivingNumbers.call({} as never);
		expect(request).toHaveBeenCalledWith({ method: 'OPTIONS', endpoint: 'callbacks', safeToRepeat: true });
		expect(options).toEqual([
			{ name: '48500100100', value: '48500100100' },
			{ name: '48799599599', value: '48799599599' },
		]);
	});
});
