/**
 * One-Time Code → Send in n8n's engine in-process (support/engine.ts) against the emulator: the chain
 * Send → Verify with a wrong code → Verify with the right one → Send to a landline with Continue On
 * Fail (Verify in the chain is its as much as Send's). Its tests against a mocked service:
 * send.test.ts.
 */
import { ref } from '../../workflow/chains';
import { type Chain, firstJson, useChainWorkflows } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const CHAIN: Chain = [
	[
		'OTP Send',
		{
			resource: 'oneTimeCode',
			operation: 'send',
			phoneNumber: '+48 500 000 001',
			options: { includeCode: true },
		},
	],
	[
		'OTP Wrong',
		{
			resource: 'oneTimeCode',
			operation: 'verify',
			phoneNumber: '48500000001',
			code: 'not-a-code',
		},
	],
	[
		'OTP Right',
		{
			resource: 'oneTimeCode',
			operation: 'verify',
			phoneNumber: '48500000001',
			code: ref('OTP Send', 'code'),
		},
	],
	['OTP Landline', { resource: 'oneTimeCode', operation: 'send', phoneNumber: '48221234567' }],
];

describe("oneTimeCode.send, then verify, in n8n's engine against the emulator (Continue On Fail)", () => {
	const suite = useChainWorkflows({ 'one-time-code': { chains: [CHAIN], continueOnFail: true } });

	it('a code sent, a wrong code and the right one verified, and a clear error item for a landline', async () => {
		const run = await suite.run('one-time-code');
		expect(run.error).toBeUndefined();
		const one = (node: string) => firstJson(run, node);

		expect(one('OTP Send')).toMatchObject({
			phone_number: '48500000001',
			sent: true,
			code: expect.stringMatching(/^\d{6}$/),
		});
		expect(one('OTP Wrong')).toEqual({
			phone_number: '48500000001',
			valid: false,
			reason: 'wrong',
		});
		expect(one('OTP Right')).toEqual({ phone_number: '48500000001', valid: true });
		expect(one('OTP Landline').error).toMatch(/invalid_phone_number/);
	}, 30_000);
});
