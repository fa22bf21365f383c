/**
 * The SMSAPI Trigger inside real n8n (each installed line), called by the SMSAPI emulator and by
 * requests shaped like the service's: delivery reports (also of an SMS the SMSAPI node sent with
 * notify_url), inbound messages, number lookup results, bulk starts and clicks; deduplication; callbacks
 * combined into one execution (version 2); the secret, IP allowlist and username checks; bodies at the size limits; the URL the editor shows;
 * and the callback registry lifecycle. The tests live in test/e2e/trigger/, a module a behaviour.
 * One n8n per line (trigger/suite.ts), started once for all of them: every trigger workflow is
 * imported and activated once (distinct webhook ids).
 * Needs scripts/install-n8n.sh; SMSAPI_E2E_LINES=2 or =1 restricts the lines.
 */
import { n8nLines } from './harness';
import { registerCombineTests } from './trigger/combine';
import { registerDedupeTests } from './trigger/dedupe';
import { registerEventTests } from './trigger/events';
import { registerLargeBodyTests } from './trigger/large-bodies';
import { registerRefusalTests } from './trigger/refusals';
import { registerRegistryTests } from './trigger/registry';
import { useTriggerSuite } from './trigger/suite';
import { registerUrlTests } from './trigger/urls';

describe.each(n8nLines())('n8n $version (line $line): SMSAPI Trigger', (line) => {
	const ctx = useTriggerSuite(line);

	registerEventTests(ctx);
	registerDedupeTests(ctx);
	registerCombineTests(ctx);
	registerRefusalTests(ctx);
	registerUrlTests(ctx);
	registerLargeBodyTests(ctx);
	// Its last test stops n8n: keep it last.
	registerRegistryTests(ctx);
});
