import { createHash } from 'node:crypto';

import { legacyCredentials, mockService, runNode, tokenCredentials, useMockedNetwork } from './context';

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
	it('legacy credential: address of its platform, subject user@md5, body in the spec order; no HTTP', async () => {
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
					text: 'from=MyShop&to=48500000001,48500000002&message=Hello & welcome, your code: 12=34&fast=1&raport=1',
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
		expect(output[0].json.text).toBe('to=48500000001&message=Hi&date=1925089445&idx=abc1&normalize=1&param1=x&date_validate=1');
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

	it('a message the gateway would misread (&to=) is refused', async () => {
		await expect(
			runNode({ parameters: compose({ message: 'Reply&to=48111222333 now' }), credentials: legacyCredentials({ platform: 'com' }) }),
		).rejects.toThrow('The e-mail gateway would misread message (it contains "&to=")');
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
