/**
 * The trigger's callback registry (trigger/registry.ts, called through support/registry-setup.ts):
 * what it registers at the published /callbacks, exactly once, how it moves URLs of the earlier
 * layout, the rest of its lifecycle (its own entry, delete, registration off, the Test URL). The
 * registry's data: registryEntries.test.ts; the Receiving Number dropdown: receivingNumbers.test.ts.
 */
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
