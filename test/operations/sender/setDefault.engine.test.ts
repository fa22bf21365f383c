/**
 * Sender Name → Set Default with the username/password login in n8n's engine in-process
 * (support/engine.ts) against the emulator: the inactive NewBrand refused (the
 * `res-sender-default-inactive` fixture); the chains that start with Add: add.engine.test.ts. Its tests
 * against a mocked service: setDefault.test.ts.
 */
import { recorded } from '../../workflow/resource-fixtures';
import { nodeError as errorOf } from '../../workflow/run-result';
import { LOGIN, useResourceFixtures } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();


describe("sender.setDefault in n8n's engine against the emulator (username/password login)", () => {
	const suite = useResourceFixtures();
	const emulator = () => suite.emulator();

	it(
		'sender.setDefault of the inactive NewBrand: a clear error, and no default request is sent',
		async () => {
			const run = await suite.run('res-sender-default-inactive');
			expect(run.status).toBe('error');

			const requests = await recorded(emulator());
			expect(requests.map((request) => [request.method, request.path, request.query])).toEqual([
				['GET', '/sender.do', { ...LOGIN, format: 'json', status: 'NewBrand' }],
			]);
			const error = errorOf(run, 'Set Default');
			expect(error.message).toBe('The sender name "NewBrand" is INACTIVE, so it cannot be the default');
			expect(error.description).toMatch(/^Nothing was changed\. Only an active \(verified\) sender name can be the default/);
			expect(emulator().state.senders.find((s) => s.isDefault)?.name).toBe('Test');
		}
	);
});
