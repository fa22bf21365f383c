/**
 * The end of an end-to-end file: its n8n and its in-process emulator stopped, in that order.
 */
import type { Emulator } from '../../emulator';
import type { N8nInstance } from './N8nInstance';

/**
 * Stops n8n, then the emulator. The emulator's stop() throws a ConformanceError when n8n sent it a
 * request that SMSAPI's published API or its official clients would not send (test/emulator/
 * conformance), so a file's afterAll fails on any such request that no test took on purpose.
 */
export async function stopSuite(suite: { emulator?: Emulator; n8n?: N8nInstance }): Promise<void> {
	try {
		await suite.n8n?.stop();
	} finally {
		await suite.emulator?.stop();
	}
}
