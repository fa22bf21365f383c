/**
 * SMS → Send and Wait for Approval in real n8n (each installed line, regular mode): the execution
 * waits after the SMS; the link's page answers only by its button (a POST), in n8n's shape. The
 * tests live beside this file (test/e2e/approval/), a module a behaviour:
 * - answers.ts: Approve, Decline, Free Text, Custom Form; n8n restarted while waiting;
 * - safety.ts: previews, forged and replayed answers, an earlier SMS's link in a loop, the time limit;
 * - agent.ts (n8n 2.x): the node as the AI Agent's Human review tool, with a scripted model;
 * - editor.ts: the refund example in the editor, answered from a phone's browser (README pictures);
 * - phone.ts: the SMS link tapped on a phone (Chromium): through the short link, what the service
 *   lists of it, a dropdown choice and a long text as typed, a lost fragment.
 * Queue mode: test/e2e/topology/approval.ts. Needs scripts/install-n8n.sh; SMSAPI_E2E_LINES=2 or =1
 * restricts the lines.
 */
import { startEmulator } from '../emulator';
import { registerAgentTests } from './approval/agent';
import { registerAnswerTests } from './approval/answers';
import { registerEditorTests } from './approval/editor';
import { registerPhoneTests } from './approval/phone';
import { registerSafetyTests } from './approval/safety';
import { startAsking, type ApprovalSuite, type Asking } from './approval/support';
import { createN8n, E2E_SETUP_TIMEOUT_MS, n8nLines, SMSAPI_CREDENTIAL_TYPE, smsapiTokenCredentialData, stopSuite } from './harness';

describe.each(n8nLines())('n8n $version (line $line): SMS → Send and Wait for Approval', (line) => {
	const suite = {} as ApprovalSuite;
	/** Started first: its time limit (6 s) runs out while the other tests run (checked in the last one). */
	let timingOut: Promise<Asking>;

	beforeAll(async () => {
		suite.emulator = await startEmulator({ port: 0, quiet: true, credits: 1000, dlrDelayMs: 3_600_000 });
		suite.n8n = await createN8n({ line, label: 'approval' });
		await suite.n8n.start();
		[suite.credential] = await suite.n8n.createCredentials([{ type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI e2e', data: smsapiTokenCredentialData(suite.emulator) }]);
		timingOut = startAsking(suite, '48500000209', { limitMinutes: 0.1 });
		// Failures show in the test that awaits it.
		timingOut.catch(() => undefined);
	}, E2E_SETUP_TIMEOUT_MS);

	afterAll(() => stopSuite(suite), 60_000);

	registerAnswerTests(suite);
	registerEditorTests(suite, line);
	describe('on a phone', () => registerPhoneTests(suite, line));
	if (line.line === '2') describe("the AI Agent's Human review tool", () => registerAgentTests(suite));
	registerSafetyTests(suite, () => timingOut);
});
