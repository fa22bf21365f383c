/**
 * Queue mode: the credential test and the dropdowns answer through main.
 */
import { SMSAPI_CREDENTIAL_TYPE, smsapiDropdown, smsapiTokenCredentialData } from '../harness';
import { TOPOLOGY_TEST_TIMEOUT_MS, type TopologySuite } from './setup';

export function registerMainProcessTests(ctx: TopologySuite): void {
	it(
		'the credential test and the dropdowns (sender names, templates, groups) answer through main',
		async () => {
			const { n8n, emulator, credential } = ctx;
			expect(
				await n8n.testCredential({
					type: SMSAPI_CREDENTIAL_TYPE,
					name: 'SMSAPI test',
					data: smsapiTokenCredentialData(emulator),
				}),
			).toEqual({ status: 'OK', message: expect.any(String) });
			const dropdown = (methodName: string, path: string, parameters: Record<string, unknown>) =>
				smsapiDropdown(credential, methodName, path, parameters);
			const send = {
				resource: 'sms',
				operation: 'send',
				to: '48500000001',
				message: 'x',
				options: {},
			};
			const senders = await n8n.loadOptions(
				dropdown('getSenderNames', 'parameters.options.from', send),
			);
			expect(senders.map((o) => o.value)).toEqual(['', 'MyShop', 'Test']);
			const templates = await n8n.loadOptions(
				dropdown('getTemplates', 'parameters.options.template', send),
			);
			expect(templates.map((o) => o.value)).toEqual(['', 'appointment', 'otp', 'welcome']);
			const groups = await n8n.loadOptions(
				dropdown('getContactGroupNames', 'parameters.group', {
					resource: 'sms',
					operation: 'sendToGroup',
				}),
			);
			expect(groups.map((o) => o.value)).toEqual(['customers', 'empty', 'vip']);
		},
		TOPOLOGY_TEST_TIMEOUT_MS,
	);

}
