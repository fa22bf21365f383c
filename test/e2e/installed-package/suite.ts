/**
 * One n8n, one emulator and one browser per line for the installed-package tests
 * (test/e2e/installed-package.test.ts), shared by the modules beside this one through the
 * InstalledPackageSuite they are given (an n8n start costs about 6 s of CPU).
 */
import type { Browser } from 'playwright-core';

import { startEmulator, type Emulator } from '../../emulator';
import { createN8n, E2E_SETUP_TIMEOUT_MS, stopSuite, type N8nInstance, type N8nLine } from '../harness';
import { launchBrowser, selectTestIdAttribute } from '../harness/browser';

export const TEST_TIMEOUT_MS = 150_000;
export const WRONG_TOKEN_REASON = /Authorization failed/;

/** What the installed-package tests of one n8n line share; set before the tests run. */
export interface InstalledPackageSuite {
	line: N8nLine;
	emulator: Emulator;
	n8n: N8nInstance;
	browser: Browser;
}

/** Starts the emulator, n8n of `line` and Chromium before the file's tests, and stops them after. */
export function useInstalledPackage(line: N8nLine): InstalledPackageSuite {
	const ctx = { line } as InstalledPackageSuite;

	beforeAll(async () => {
		selectTestIdAttribute();
		// Delivery reports play no part in the REST tests (the editor's trigger test asks the emulator
		// for one explicitly): keep them from firing on their own while a test runs.
		ctx.emulator = await startEmulator({ port: 0, token: 'test-token', credits: 100, dlrDelayMs: 600_000, quiet: true });
		ctx.n8n = await createN8n({ line, label: 'installed-package' });
		[, ctx.browser] = await Promise.all([ctx.n8n.start(), launchBrowser()]);
	}, E2E_SETUP_TIMEOUT_MS);

	afterAll(async () => {
		try {
			await ctx.browser?.close();
		} finally {
			await stopSuite(ctx);
		}
	}, 60_000);

	return ctx;
}
