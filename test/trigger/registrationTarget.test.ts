/**
 * What the trigger's settings ask the callback registry to hold, and the checks they pass first
 * (trigger/registrationTarget.ts), read in n8n-core's real HookContext (support/webhook-calls.ts):
 * the target of each setting (type, URL, the earlier `?secret=` URL, receiver, registration off,
 * Continue and Register by Hand), and an activation refused for settings that would accept
 * everyone (a Secret of blanks or resolved to nothing, an IP Allowlist without a valid entry),
 * before the registry is asked.
 */
import type { IDataObject } from 'n8n-workflow';

import { readTarget } from '../../nodes/Smsapi/trigger/registrationTarget';
import { createWorkflow, hookContext } from './support/webhook-calls';
import { methods, queryUrlFor, request, trigger, urlFor, useRegistryTrigger } from './support/registry-setup';

useRegistryTrigger();

describe('what the settings ask the registry to hold', () => {
	const targetOf = (parameters: IDataObject) => readTarget.call(hookContext(createWorkflow(trigger, parameters)));

	it('a delivery report: its registry type, the URL the editor shows and the earlier ?secret= URL, no receiver', () => {
		expect(targetOf({ event: 'dlr' })).toEqual({
			enabled: true,
			continueOnFailure: false,
			type: 'sms_dlr',
			url: urlFor('dlr'),
			queryUrl: queryUrlFor('dlr'),
			receiver: undefined,
			problem: undefined,
		});
	});

	it('an empty Secret: the URL without a secret segment, and the earlier URL without ?secret=', () => {
		const target = targetOf({ event: 'hlr', secret: '' });
		expect(target).toMatchObject({ type: 'hlr', url: urlFor('hlr', ''), queryUrl: urlFor('hlr', '') });
	});

	it('inbound messages: the receiver chosen, and One Number without a number a problem named before anything is asked', () => {
		expect(targetOf({ event: 'mo', receiver: 'number', receiverNumber: '48500100100' }).receiver).toEqual({ type: 'number', number: '48500100100' });
		expect(targetOf({ event: 'mo', receiver: 'twoWay' }).receiver).toEqual({ type: '2way' });
		const withoutNumber = targetOf({ event: 'mo', receiver: 'number', receiverNumber: '' });
		expect(withoutNumber.problem).toMatch(/number/i);
		expect(request).not.toHaveBeenCalled();
	});

	it('Register Callback off and Continue and Register by Hand are read from the options', () => {
		expect(targetOf({ event: 'dlr', options: { registerCallback: false } }).enabled).toBe(false);
		expect(targetOf({ event: 'dlr', options: { onRegistrationFailure: 'continue' } }).continueOnFailure).toBe(true);
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
