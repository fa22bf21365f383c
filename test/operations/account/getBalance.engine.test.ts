/**
 * Account → Get Balance in n8n's engine in-process (support/engine.ts) against the emulator: both
 * logins (the `res-account-balance` fixture). Its tests against a mocked service: getBalance.test.ts.
 */
import { headerOf } from '../../e2e/harness/smsapi';
import { LEGACY_USERNAME, answerOf, recorded, summary } from '../../workflow/resource-fixtures';
import { nodeJson as jsonOf } from '../../workflow/run-result';
import { useResourceFixtures } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe("account.getBalance in n8n's engine against the emulator", () => {
	const suite = useResourceFixtures();
	const emulator = () => suite.emulator();

	it(
		'account.getBalance: GET user.do?credits=1&details=1 with the token, numbers out; the legacy login sends username and the md5 password',
		async () => {
			const run = await suite.run('res-account-balance');
			expect(run.error).toBeUndefined();

			const requests = await recorded(emulator());
			expect(summary(requests)).toEqual(['GET /user.do', 'GET /user.do']);
			const [token, legacy] = requests;
			expect(token).toMatchObject({ address: 'primary', authMethod: 'bearer', responseStatus: 200 });
			expect(headerOf(token, 'authorization')).toBe('Bearer <redacted>');
			expect(token.query).toEqual({ credits: '1', details: '1', format: 'json' });

			// The emulator takes only md5('demo-password') as the legacy password (anything else: 102).
			expect(legacy).toMatchObject({ address: 'primary', authMethod: 'legacy', responseStatus: 200 });
			expect(headerOf(legacy, 'authorization')).toBeUndefined();
			expect(legacy.query).toEqual({ credits: '1', format: 'json', username: LEGACY_USERNAME, password: '<redacted>' });
			expect(answerOf(legacy)).toEqual({ points: 100 });

			expect(jsonOf(run, 'Balance')).toEqual([
				{ points: 100, proCount: 606, ecoCount: 1428, mmsCount: 333, vmsGsmCount: 476, vmsLandCount: 714 },
			]);
			expect(jsonOf(run, 'Balance (Legacy Login)')).toEqual([{ points: 100 }]);
		}
	);
});
