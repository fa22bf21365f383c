/**
 * What a failed request to the callback registry says (trigger/registryFailures.ts), through the
 * registry (trigger/registry.ts, called through support/registry-setup.ts): a registration failure
 * never leaves the user stuck, activation refuses settings that would accept everyone, and which
 * errors mean "not there".
 */
import { isNotThere } from '../../nodes/Smsapi/trigger/registryFailures';
import { REGISTRATION_KEY } from '../../nodes/Smsapi/trigger/storedRegistration';
import { BASE_URL, createWorkflow, hookContext, logs, NODE_ID, WEBHOOK_ID } from './support/webhook-calls';
import { answer, apiError, calls, methods, nodeStaticData, queryUrlFor, request, trigger, urlFor, useRegistryTrigger } from './support/registry-setup';

useRegistryTrigger();

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

	it("the registry's POST and PUT name the URL's secret segment to the transport, which keeps it out of their errors (test/transport/errors/redact.requestSecrets.test.ts)", async () => {
		const secret = 'Xy7 sécret/1';
		const workflow = createWorkflow(trigger, { event: 'dlr', secret });
		const segment = urlFor('dlr', secret).split('/').pop()!;
		request.mockResolvedValueOnce(answer({ collection: [{ id: 'e1', type: 'sms_dlr', url: queryUrlFor('dlr', secret) }] })).mockResolvedValueOnce(answer({}));
		await methods().create.call(hookContext(workflow));
		request.mockResolvedValueOnce(answer([])).mockResolvedValueOnce(answer({ id: 'e2' }));
		await methods().create.call(hookContext(createWorkflow(trigger, { event: 'mo', secret })));
		const sent = request.mock.calls.map((call) => call[0]).filter((sentRequest) => sentRequest.method !== 'GET');
		expect(sent.map((sentRequest) => `${sentRequest.method} ${sentRequest.endpoint}`)).toEqual(['PUT callbacks/e1', 'POST callbacks']);
		// The secret travels only as its path segment (webhookUrls.ts, secretPathSegment).
		for (const sentRequest of sent) expect(sentRequest.secrets).toEqual([segment]);
		expect(segment).toBe('Xy7_20s_C3_A9cret_2F1');
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

describe('what a failed request to the registry means', () => {
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
