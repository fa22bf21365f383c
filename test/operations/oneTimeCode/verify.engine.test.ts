/**
 * One-Time Code → Verify in n8n's engine in-process (support/engine.ts) against the emulator: a bad
 * number stops the workflow without Continue On Fail and nothing is sent; the right and a wrong code
 * in the chain that starts with Send: send.engine.test.ts. Its tests against a mocked service:
 * verify.test.ts.
 */
import { recorded } from '../../workflow/resource-fixtures';
import { nodeError as errorOf } from '../../workflow/run-result';
import { useChainWorkflows } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe("oneTimeCode.verify in n8n's engine against the emulator", () => {
	const suite = useChainWorkflows({
		'stop-on-error': {
			chains: [
				[
					[
						'OTP Verify Bad Number',
						{
							resource: 'oneTimeCode',
							operation: 'verify',
							phoneNumber: '48-abc',
							code: '123456',
						},
					],
				],
			],
			continueOnFail: false,
		},
	});
	const emulator = () => suite.emulator();

	it('without Continue On Fail an invalid number stops the workflow with a clear error and nothing is sent', async () => {
		const run = await suite.run('stop-on-error');
		expect(run.status).toBe('error');
		expect(errorOf(run, 'OTP Verify Bad Number').message).toMatch(/^Not a valid phone number/);
		expect(
			(await recorded(emulator())).filter((request) => request.path.startsWith('/mfa')),
		).toEqual([]);
	}, 30_000);
});
