/**
 * The dropdowns of templates (nodes/Smsapi/methods/loadOptions.ts): getTemplates (a send's Template:
 * the templates by name with their text, after None) and getTemplateIds (Template's operations: by
 * id, named and described by their text, sorted); against the emulator, the seeded templates.
 */
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { loadOptions } from '../../nodes/Smsapi/methods';
import { loadOptionsContext } from '../support/n8n-context';
import { emulatorCredentials, useEmulator } from '../operations/support/emulator';
import { mockService, operationCredentials, useMockedNetwork } from '../operations/support/run-node';

useMockedNetwork();

const context = () => loadOptionsContext({ credentials: operationCredentials() }) as ILoadOptionsFunctions;

describe('the template dropdowns', () => {
	it('getTemplates lists the templates by name with their text', async () => {
		const service = mockService().on('GET', '/sms/templates', () => [
			200,
			{
				size: 2,
				collection: [
					{ id: 't2', name: 'welcome', template: 'Hello [%1%], welcome to [%2%]!' },
					{ id: 't1', name: 'appointment', template: 'Dear [%1%], your appointment is on [%2%] at [%3%].' },
				],
			},
		]);
		const options = await loadOptions.getTemplates.call(context());
		expect(service.calls).toHaveLength(1);
		expect(options).toEqual([
			{ name: 'None (Use Message)', value: '' },
			{ name: 'appointment', value: 'appointment', description: 'Dear [%1%], your appointment is on [%2%] at [%3%].' },
			{ name: 'welcome', value: 'welcome', description: 'Hello [%1%], welcome to [%2%]!' },
		]);
	});

	it('getTemplateIds lists the templates by id, named and described by their text, sorted', async () => {
		mockService().on('GET', '/sms/templates', () => [
			200,
			{ size: 2, collection: [{ id: 't2', name: 'welcome', template: 'Hi [%1%]' }, { id: 't1', name: 'shipping', template: 'Sent' }] },
		]);
		expect(await loadOptions.getTemplateIds.call(context())).toEqual([
			{ name: 'shipping', value: 't1', description: 'Sent' },
			{ name: 'welcome', value: 't2', description: 'Hi [%1%]' },
		]);
	});
});

describe('the template dropdown against the emulator (real HTTP on loopback)', () => {
	const emulator = useEmulator();
	const context = () => loadOptionsContext({ credentials: emulatorCredentials(emulator()) }) as ILoadOptionsFunctions;

	it('getTemplates: the seeded templates welcome, appointment and otp', async () => {
		const options = await loadOptions.getTemplates.call(context());
		expect(options.map((option) => option.value)).toEqual(['', 'appointment', 'otp', 'welcome']);
		expect(options.find((option) => option.value === 'welcome')?.description).toBe('Hello [%1%], welcome to [%2%]!');
	});
});
