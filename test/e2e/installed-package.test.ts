/**
 * The built package installed in real n8n (each installed line), for what needs an n8n server:
 * - n8n's editor in a real Chromium (Debian `chromium`, driven by playwright-core): what a user
 *   sees and clicks. These tests run in order on one signed-in page (each builds on the one
 *   before). A failing step saves a screenshot and names its path (.n8n-e2e/screenshots/). With
 *   UPDATE_README_IMAGES=1 the line-2 run also saves the README's pictures into docs/images/ (a
 *   plain `npm test` leaves the committed pictures alone);
 * - then n8n's REST API and webhooks: a smoke send (n8n loads the package from its dist/ files
 *   and runs Webhook -> SMSAPI send against the in-process emulator), the credential test, and
 *   the dropdowns the editor fills.
 * One n8n, one emulator and one browser per line, shared by both parts (an n8n start costs about
 * 6 s of CPU). Everything a workflow does with the node in detail runs in-process: test/workflow.
 * The tests live in test/e2e/installed-package/ (editor.ts, nodes-panel.ts, rest.ts); suite.ts starts them.
 * Needs scripts/install-n8n.sh and Chromium; SMSAPI_E2E_LINES=2 or =1 restricts the lines.
 */
import { n8nLines } from './harness';
import { registerEditorTests } from './installed-package/editor';
import { registerNodesPanelTests } from './installed-package/nodes-panel';
import { registerRestTests } from './installed-package/rest';
import { useInstalledPackage } from './installed-package/suite';

describe.each(n8nLines())('n8n $version (line $line): the installed package', (line) => {
	const ctx = useInstalledPackage(line);

	// The editor first: credentials saved by the REST tests would be offered to the nodes it adds.
	registerEditorTests(ctx);
	registerNodesPanelTests(ctx);
	registerRestTests(ctx);
});
