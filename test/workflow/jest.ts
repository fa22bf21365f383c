/**
 * Jest glue of the in-process workflow harness: one harness per test file, started before its
 * tests and shut down after them (n8n-core's timers stopped, so jest does not wait on them).
 *
 *     const n8n = useWorkflowHarness();
 *     it('...', async () => { const run = await n8n().run(workflow); });
 */
import { WorkflowHarness, type HarnessOptions } from './harness';

export function useWorkflowHarness(options: HarnessOptions = {}): () => WorkflowHarness {
	let harness: WorkflowHarness | undefined;
	beforeAll(async () => {
		harness = await WorkflowHarness.start(options);
	});
	afterAll(async () => {
		await harness?.shutdown();
	});
	return () => {
		if (!harness) throw new Error('The workflow harness is not started (call useWorkflowHarness at the top of a describe)');
		return harness;
	};
}
