/**
 * E-Mail Gateway → Compose at the operation level (nock; it sends nothing itself): the address of the
 * platform, the subject user@md5(password), the send parameters under the service's names, options
 * first and the message last so that it may hold anything, another parameter the gateway would misread
 * refused, the login declared sensitive and kept out of errors, Max Recipients per Item (issue 29,
 * finding 8), the gateway login by node version (issue 29, finding 12); the ambiguity check of
 * mail2sms (helpers/mail2sms.ts) linear. Its workflows in n8n's engine: compose.engine.test.ts.
 */
import { createHash } from 'node:crypto';
import type { ICredentialDataDecryptedObject, INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { Smsapi } from '../../../nodes/Smsapi/Smsapi.node';
import { ambiguousValues } from '../../../nodes/Smsapi/helpers/mail2sms';
import { executeContext, legacyCredentials, smsapiNode, tokenCredentials } from '../../support/n8n-context';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

const compose = (extra: Record<string, unknown> = {}) => ({
	resource: 'emailGateway',
	operation: 'compose',
	to: '48500000001, +48 500 000 002',
	message: 'Hello & welcome, your code: 12=34',
	...extra,
});

describe('emailGateway.compose', () => {
	it('legacy credential: address of its platform, subject user@md5, options first and message last; no HTTP', async () => {
		const service = mockService().on('POST', '/sms.do', () => [200, {}]);
		const output = await runNode({
			parameters: compose({ options: { from: 'MyShop', fast: true, raport: true } }),
			credentials: legacyCredentials({ platform: 'pl' }),
		});
		expect(output).toEqual([
			{
				json: {
					to: 'sms@smsapi.pl',
					subject: `acme@${md5('secret-pass')}`,
					text: 'from=MyShop&to=48500000001,48500000002&fast=1&raport=1&message=Hello & welcome, your code: 12=34',
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(service.calls).toHaveLength(0);
	});

	it('token credential: the login comes from the operation fields; an md5 password is kept as given', async () => {
		const output = await runNode({
			parameters: compose({ username: 'acme', password: 'E10ADC3949BA59ABBE56E057F20F883E' }),
			credentials: tokenCredentials({ platform: 'com' }),
		});
		expect(output[0].json).toEqual({
			to: 'sms@smsapi.com',
			subject: 'acme@e10adc3949ba59abbe56e057f20f883e',
			text: 'to=48500000001,48500000002&message=Hello & welcome, your code: 12=34',
		});
	});

	it('send parameters use the service names; a date becomes UNIX seconds with date_validate', async () => {
		const output = await runNode({
			parameters: compose({
				to: '48500000001',
				message: 'Hi',
				options: { date: '2031-01-02T03:04:05Z', normalize: true, idx: 'abc1', param1: 'x' },
			}),
			credentials: legacyCredentials({ platform: 'com' }),
		});
		expect(output[0].json.text).toBe('to=48500000001&date=1925089445&idx=abc1&normalize=1&param1=x&date_validate=1&message=Hi');
	});

	it('platform Custom needs the Gateway Address option, which any platform may override', async () => {
		await expect(runNode({ parameters: compose(), credentials: legacyCredentials({ platform: 'custom' }) })).rejects.toThrow(
			'Enter the Gateway Address option',
		);
		const output = await runNode({
			parameters: compose({ options: { gatewayAddress: 'sms@mail.emulator.test' } }),
			credentials: legacyCredentials({ platform: 'custom' }),
		});
		expect(output[0].json.to).toBe('sms@mail.emulator.test');
	});

	it('a token credential without Username and Password is refused with the way out', async () => {
		await expect(runNode({ parameters: compose(), credentials: tokenCredentials({ platform: 'com' }) })).rejects.toMatchObject({
			message: 'The e-mail gateway needs a username and password',
			description: expect.stringContaining('Fill in Username and Password'),
		});
	});

	it('the message goes last, so it may hold "&to=" and lines like "raport=1": everything after message= is text', async () => {
		const message = 'Reply&to=48111222333 now\nraport=1';
		const output = await runNode({ parameters: compose({ message, options: { idx: 'a1|a2' } }), credentials: legacyCredentials({ platform: 'com' }) });
		expect(output[0].json.text).toBe(`to=48500000001,48500000002&idx=a1|a2&message=${message}`);
	});

	it('another parameter the gateway would misread (&to= in a param) is refused', async () => {
		await expect(
			runNode({ parameters: compose({ to: '48500000001', options: { param1: 'x&to=48111222333' } }), credentials: legacyCredentials({ platform: 'com' }) }),
		).rejects.toThrow('The e-mail gateway would misread param1 (it contains "&to=")');
	});

	it('the login in the output is declared sensitive and the node says that saved executions keep it', async () => {
		const node = new Smsapi();
		expect(node.description.sensitiveOutputFields).toEqual(['subject']);
		const notice = node.description.properties.find((p) => p.name === 'loginNotice');
		expect(notice).toMatchObject({ type: 'notice', displayOptions: { show: { resource: ['emailGateway'], operation: ['compose'] } } });
		expect(notice?.displayName).toMatch(/every execution n8n saves keeps it/);
	});

	it('errors never carry the login', async () => {
		const output = await runNode({
			parameters: [compose({ to: '123' }), compose({ to: '48500000001', options: { param1: 'x&to=1', gatewayAddress: 'sms@x.test' } }), compose()],
			credentials: legacyCredentials({ platform: 'custom' }),
			continueOnFail: true,
		});
		const text = JSON.stringify(output);
		expect(text).not.toContain(md5('secret-pass'));
		expect(text).not.toContain('secret-pass');
	});

	it('with Continue On Fail a bad number becomes an error item of its input item', async () => {
		const output = await runNode({
			parameters: [compose({ to: '123' }), compose()],
			credentials: legacyCredentials({ platform: 'com' }),
			continueOnFail: true,
		});
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(String(output[0].json.error)).toMatch(/^Not a valid phone number: "123"/);
		expect(output[1]).toMatchObject({ json: { to: 'sms@smsapi.com' }, pairedItem: { item: 1 } });
	});
});

describe('emailGateway.compose: Max Recipients per Item (issue 29, finding 8)', () => {
	const many = (count: number) => Array.from({ length: count }, (_, i) => String(48500000000 + i)).join(',');

	it('nodes saved at version 1 keep composing for any count until the option is added (as they did when saved)', async () => {
		const output = await runNode({ parameters: compose({ to: many(101) }), credentials: legacyCredentials({ platform: 'com' }), typeVersion: 1 });
		expect(String(output[0].json.text)).toContain(many(101).split(/\s*,\s*/).join(','));
		const error = await failure(
			runNode({ parameters: compose({ to: many(101), options: { maxRecipientsPerItem: 100 } }), credentials: legacyCredentials({ platform: 'com' }), typeVersion: 1 }),
		);
		expect(error.message).toBe('To lists 101 recipients, more than the 100 allowed per item');
	});

	it('101 numbers in one item: refused before the e-mail is composed (node version 1.1: default limit 100, as for sends)', async () => {
		const error = await failure(
			runNode({ parameters: compose({ to: many(101) }), credentials: legacyCredentials({ platform: 'com' }), typeVersion: 1.1 }),
		);
		expect(error.message).toBe('To lists 101 recipients, more than the 100 allowed per item');
		expect(error.description).toMatch(/^No e-mail was composed for this item\. .*Max Recipients per Item \(0 turns the check off\)/);
	});

	it('the limit is an option, 0 turns it off; it never reaches the e-mail; with Continue On Fail only the item over it fails', async () => {
		const output = await runNode({
			parameters: [compose({ to: many(101), options: { maxRecipientsPerItem: 0 } }), compose({ to: many(3), options: { maxRecipientsPerItem: 2 } })],
			credentials: legacyCredentials({ platform: 'com' }),
			continueOnFail: true,
		});
		expect(String(output[0].json.text)).toMatch(/^to=(\d+,){100}\d+&message=/);
		expect(String(output[0].json.text)).not.toMatch(/max|recipients/i);
		expect(output[1]).toMatchObject({ json: { error: 'To lists 3 recipients, more than the 2 allowed per item' }, pairedItem: { item: 1 } });
		expect(output).toHaveLength(2);
	});
});

describe('emailGateway.compose: the gateway login (issue 29, finding 12)', () => {
	/** Runs the node at a type version, as n8n runs a workflow saved with it. */
	async function runAt(typeVersion: number, parameters: INodeParameters, credentials: ICredentialDataDecryptedObject) {
		const context = executeContext({ node: smsapiNode(parameters, { typeVersion }), credentials });
		const [output] = await new Smsapi().execute.call(context);
		return output;
	}
	const legacy = legacyCredentials({ platform: 'com' });
	const credentialLogin = `acme@${md5('secret-pass')}`;

	it('the node has versions 1, 1.1 and 1.2 (personalised texts as one template); new nodes get 1.2, which keeps 1.1\'s gateway login', () => {
		const { description } = new Smsapi();
		expect(description.version).toEqual([1, 1.1, 1.2]);
		expect(description.defaultVersion).toBe(1.2);
		expect(description.name).toBe('smsapi');
	});

	it('version 1.1: empty Username and Password are refused, the credential’s login never reaches the output', async () => {
		const error = await failure(runAt(1.1, compose(), legacy));
		expect(error.message).toBe('Enter Username and Password for the e-mail gateway');
		expect(error.description).toMatch(/Take Login From Credential .* readable by everyone who can see this workflow's executions/);
		expect(JSON.stringify(error)).not.toContain(md5('secret-pass'));
	});

	it('version 1.1: the login comes from the operation’s own fields (the password hashed to md5)', async () => {
		const output = await runAt(1.1, compose({ username: 'gateway-user', password: 'gateway-pass' }), legacy);
		expect(output[0].json.subject).toBe(`gateway-user@${md5('gateway-pass')}`);
	});

	it('version 1.1: Take Login From Credential turned on takes the credential’s, as asked', async () => {
		const output = await runAt(1.1, compose({ loginFromCredential: true }), legacy);
		expect(output[0].json.subject).toBe(credentialLogin);
	});

	it('version 1 (saved workflows) keeps taking the credential’s login; turning the option off there refuses', async () => {
		expect((await runAt(1, compose(), legacy))[0].json.subject).toBe(credentialLogin);
		const error = await failure(runAt(1, compose({ loginFromCredential: false }), legacy));
		expect(error.message).toBe('Enter Username and Password for the e-mail gateway');
	});

	it('the option defaults on in version 1 and off in 1.1, says what it exposes, and Password is masked', () => {
		const { description } = new Smsapi();
		const defaults = (typeVersion: number) =>
			NodeHelpers.getNodeParameters(
				description.properties,
				{ resource: 'emailGateway', operation: 'compose' },
				true,
				false,
				smsapiNode({}, { typeVersion }),
				description,
			);
		expect(defaults(1)?.loginFromCredential).toBe(true);
		expect(defaults(1.1)?.loginFromCredential).toBe(false);
		const option = description.properties.find((p) => p.name === 'loginFromCredential') as INodeProperties;
		expect(option.description).toMatch(/appears in this node's output .* everyone who can see this workflow's executions/);
		const password = description.properties.find(
			(p) => p.name === 'password' && p.displayOptions?.show?.resource?.includes('emailGateway'),
		) as INodeProperties;
		expect(password.typeOptions).toMatchObject({ password: true });
	});
});

describe('mail2sms ambiguity check', () => {
	it('is linear: 320,000 line breaks in a parameter are checked in well under a second (80,000 took about 5 s when it was quadratic)', () => {
		const value = `${'\n'.repeat(320_000)}x`;
		const started = performance.now();
		expect(ambiguousValues({ param1: value, param2: `&${' '.repeat(320_000)}x`, param3: '\n \t'.repeat(120_000) })).toEqual([]);
		// Quadratic, this input would take about 80 s: the bound leaves room for a busy machine.
		expect(performance.now() - started).toBeLessThan(1000);
	});

	it('still finds a parameter started after spaces on a new line, and not inside the message', () => {
		expect(ambiguousValues({ param1: 'a\n  \tidx=1', message: 'b&to=1' })).toEqual([{ parameter: 'param1', found: 'idx=' }]);
	});
});
