import type { IDataObject, INode, INodeType, JsonObject, NodeApiError as NodeApiErrorClass } from 'n8n-workflow';

import { isNotThere, readCallbackList, REGISTRATION_KEY } from '../../nodes/Smsapi/trigger/registry';
import { createCallbackBody, readReceivingNumbers } from '../../nodes/Smsapi/trigger/registryEntries';
import { querySecretUrl, secretPathSegment } from '../../nodes/Smsapi/trigger/webhookUrls';
import { BASE_URL, createWorkflow, hookContext, loadTrigger, logs, NODE_ID, NODE_NAME, WEBHOOK_ID } from './webhook-calls';

const request = jest.fn();
let trigger: INodeType;

/**
 * NodeApiError of the n8n-workflow the node was loaded with (loadTrigger resets the module
 * registry): the transport's errors are of that class, so the node takes them as they are.
 */
let NodeApiError: typeof NodeApiErrorClass;

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

const node = { name: NODE_NAME, type: 'n8n-nodes-smsapi-plus.smsapiTrigger' } as INode;
const apiError = (httpCode: string, message = 'error', description?: string) =>
	new NodeApiError(node, { message } as JsonObject, { httpCode, message, description });

const methods = () => trigger.webhookMethods!.default!;
/** The URL the editor shows and the node registers: the secret is the last path segment. */
const urlFor = (event: string, secret = NODE_ID) =>
	`${BASE_URL}/webhook/${WEBHOOK_ID}/${event}${secret ? `/${secretPathSegment(secret)}` : ''}`;
/** The earlier layout of the same webhook. */
const queryUrlFor = (event: string, secret = NODE_ID) => querySecretUrl(`${BASE_URL}/webhook/${WEBHOOK_ID}/${event}`, secret);
const nodeStaticData = (workflow: ReturnType<typeof createWorkflow>) =>
	workflow.staticData[`node:${NODE_NAME}`] as IDataObject | undefined;
const answer = (data: unknown) => ({ data, meta: {} });
const calls = () => request.mock.calls.map((call) => `${call[0].method} ${call[0].endpoint}`);

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

describe('a registration failure never leaves the user stuck', () => {
	const refused = () =>
		apiError('400', 'One or more of the given values is invalid.', 'Field errors: receiver_type: This value should not be blank.');

	it('a 400 is not "no registry": the activation stops with what SMSAPI refused and the exact URL to paste', async () => {
		const workflow = createWorkflow(trigger, { event: 'mo', receiver: 'twoWay' });
		request.mockResolvedValueOnce(answer([])).mockRejectedValueOnce(refused());
		const error = await methods()
			.create.call(hookContext(workflow, 'POST'))
			.then(() => undefined, (thrown: unknown) => thrown as Error & { description?: string });
		expect(error?.message).toBe('SMSAPI did not register the callback URL: One or more of the given values is invalid.');
		expect(error?.description).toContain('receiver_type: This value should not be blank.');
		expect(error?.description).toContain('type sms_mo, receiver: two-way numbers');
		expect(error?.description).toContain(`with this URL:\n${urlFor('mo')}`);
		expect(error?.description).toContain('"If Registration Fails" to "Continue and Register by Hand"');
	});

	it('with "Continue and Register by Hand" the activation goes on and the log says what to paste', async () => {
		const workflow = createWorkflow(trigger, { event: 'mo', options: { onRegistrationFailure: 'continue' } });
		request.mockResolvedValueOnce(answer([])).mockRejectedValueOnce(refused());
		await expect(methods().create.call(hookContext(workflow, 'POST'))).resolves.toBe(true);
		request.mockRejectedValueOnce(apiError('401', 'Authorization failed'));
		await expect(methods().checkExists.call(hookContext(workflow, 'POST'))).resolves.toBe(true);
		const warnings = logs.filter((line) => line.level === 'warn').map((line) => line.message);
		expect(warnings).toHaveLength(2);
		expect(warnings[0]).toContain('could not register the callback URL at SMSAPI (One or more of the given values is invalid.)');
		// The log keeps no secret: the URL's secret segment is masked (the node shows the URL whole).
		expect(warnings[0]).toContain(`${BASE_URL}/webhook/${WEBHOOK_ID}/mo/<secret>`);
		expect(warnings.join('\n')).not.toContain(NODE_ID);
		expect(nodeStaticData(workflow)?.[REGISTRATION_KEY]).toBeUndefined();
	});

	it.each(['401', '403', '503'])('HTTP %s from the registry stops the activation too', async (httpCode) => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		request.mockRejectedValue(apiError(httpCode, 'refused'));
		await expect(methods().checkExists.call(hookContext(workflow))).rejects.toThrow('SMSAPI did not register the callback URL: refused');
		await expect(methods().create.call(hookContext(workflow))).rejects.toThrow('SMSAPI did not register the callback URL: refused');
		await expect(methods().delete.call(hookContext(workflow))).rejects.toThrow('SMSAPI did not remove the callback URL: refused');
	});

	/** The error the activation stopped with, or undefined when it went on. */
	const activationError = (promise: Promise<unknown>) =>
		promise.then(
			() => undefined,
			(thrown: unknown) => thrown as Error & { description?: string },
		);

	it.each(['404', '405', '501'])('HTTP %s to GET /callbacks stops the activation with the URL to paste (not "no registry")', async (httpCode) => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		request.mockRejectedValue(apiError(httpCode, 'Not found'));
		for (const hook of [methods().checkExists, methods().create]) {
			const error = await activationError(hook.call(hookContext(workflow)));
			expect(error?.message).toBe('SMSAPI did not register the callback URL: Not found');
			expect(error?.description).toContain(`with this URL:\n${urlFor('dlr')}`);
		}
		expect(calls()).toEqual(['GET callbacks', 'GET callbacks']);
		expect(nodeStaticData(workflow)?.[REGISTRATION_KEY]).toBeUndefined();
	});

	it.each(['404', '405', '501'])('HTTP %s to POST /callbacks (e.g. a receiving number not on the account) stops the activation with the URL to paste', async (httpCode) => {
		const workflow = createWorkflow(trigger, { event: 'mo', receiver: 'number', receiverNumber: '48799000000' });
		request.mockResolvedValueOnce(answer({ size: 0, collection: [] })).mockRejectedValueOnce(apiError(httpCode, 'Not found'));
		const error = await activationError(methods().create.call(hookContext(workflow, 'POST')));
		expect(error?.message).toBe('SMSAPI did not register the callback URL: Not found');
		expect(error?.description).toContain('type sms_mo, receiver: the number 48799000000');
		expect(error?.description).toContain(`with this URL:\n${urlFor('mo')}`);
		expect(calls()).toEqual(['GET callbacks', 'POST callbacks']);
		expect(nodeStaticData(workflow)?.[REGISTRATION_KEY]).toBeUndefined();
	});

	it('HTTP 404 to PUT /callbacks/{id} (moving an earlier URL) stops the activation too', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: 'Xy7-secret' });
		request
			.mockResolvedValueOnce(answer({ collection: [{ id: 'e1', type: 'sms_dlr', url: queryUrlFor('dlr', 'Xy7-secret') }] }))
			.mockRejectedValueOnce(apiError('404', 'Not found'));
		await expect(methods().create.call(hookContext(workflow))).rejects.toThrow('SMSAPI did not register the callback URL: Not found');
		expect(calls()).toEqual(['GET callbacks', 'PUT callbacks/e1']);
	});

	it('with "Continue and Register by Hand" (the user\'s choice) a 404 activates, with a warning saying what to paste', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', options: { onRegistrationFailure: 'continue' } });
		request.mockResolvedValueOnce(answer([])).mockRejectedValueOnce(apiError('404', 'Not found'));
		await expect(methods().create.call(hookContext(workflow))).resolves.toBe(true);
		const warnings = logs.filter((line) => line.level === 'warn').map((line) => line.message);
		expect(warnings).toEqual([expect.stringContaining('could not register the callback URL at SMSAPI (Not found); the workflow is active anyway')]);
		expect(warnings[0]).toContain(`${BASE_URL}/webhook/${WEBHOOK_ID}/dlr/<secret>`);
	});

	it.each(['404', '405', '501'])('HTTP %s to GET /callbacks on deactivation: the stored entry is removed, the deactivation finishes, a warning says the URL may remain', async (httpCode) => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		request.mockResolvedValueOnce(answer([])).mockResolvedValueOnce(answer({ id: 'c1' }));
		await methods().create.call(hookContext(workflow));
		request.mockReset();
		request.mockRejectedValueOnce(apiError(httpCode, 'Not found')).mockResolvedValueOnce(answer(''));
		await expect(methods().delete.call(hookContext(workflow))).resolves.toBe(true);
		expect(calls()).toEqual(['GET callbacks', 'DELETE callbacks/c1']);
		expect(nodeStaticData(workflow)).not.toHaveProperty(REGISTRATION_KEY);
		const warnings = logs.filter((line) => line.level === 'warn').map((line) => line.message);
		expect(warnings).toEqual([expect.stringContaining('deactivated, but the list of registered URLs could not be read (Not found)')]);
		expect(warnings[0]).toContain('may still be registered at SMSAPI');
		expect(warnings[0]).toContain(`${BASE_URL}/webhook/${WEBHOOK_ID}/dlr/<secret>`);
		expect(warnings[0]).not.toContain(NODE_ID);
	});

	it('on deactivation a 404 to DELETE of one entry means it is already gone (no warning); a 405 finishes with a warning', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		request.mockResolvedValueOnce(answer({ collection: [{ id: 'a', type: 'sms_dlr', url: urlFor('dlr') }] })).mockRejectedValueOnce(apiError('404'));
		await expect(methods().delete.call(hookContext(workflow))).resolves.toBe(true);
		expect(logs.filter((line) => line.level === 'warn')).toEqual([]);
		request.mockResolvedValueOnce(answer({ collection: [{ id: 'b', type: 'sms_dlr', url: urlFor('dlr') }] })).mockRejectedValueOnce(apiError('405', 'Method not allowed'));
		await expect(methods().delete.call(hookContext(workflow))).resolves.toBe(true);
		const warnings = logs.filter((line) => line.level === 'warn').map((line) => line.message);
		expect(warnings).toEqual([expect.stringContaining('deactivated, but entry b could not be removed (Method not allowed)')]);
	});
});

describe('activation refuses settings that would accept everyone', () => {
	it.each([
		['={{ undefined }}', 'resolved to nothing'],
		['={{ null }}', 'resolved to nothing'],
		['={{ "" }}', 'resolved to an empty text'],
		['={{ ["a", "b"] }}', 'resolved to a list'],
		['   ', 'the Secret holds only blanks'],
		['\t\n', 'the Secret holds only blanks'],
	])('Secret %j: activation error naming why', async (secret, why) => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret, options: { registerCallback: false } });
		await expect(methods().checkExists.call(hookContext(workflow))).rejects.toThrow(why);
		expect(request).not.toHaveBeenCalled();
	});

	it('an IP Allowlist without a single valid entry stops the activation', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', options: { registerCallback: false, allowedIps: 'not-an-ip' } });
		await expect(methods().checkExists.call(hookContext(workflow))).rejects.toThrow('no valid address or range');
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
