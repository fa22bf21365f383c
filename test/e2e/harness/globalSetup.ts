import * as fs from 'fs';
import * as path from 'path';

import { ensureBuilt } from './build';
import { E2E_LOG_DIR } from './config';

/** Removes e2e logs older than a day (logs of the current and recent runs stay). */
function pruneOldLogs(): void {
	let entries: string[] = [];
	try {
		entries = fs.readdirSync(E2E_LOG_DIR);
	} catch {
		return;
	}
	const cutoff = Date.now() - 24 * 3600 * 1000;
	for (const name of entries) {
		const file = path.join(E2E_LOG_DIR, name);
		try {
			if (fs.statSync(file).mtimeMs < cutoff) fs.rmSync(file, { force: true });
		} catch {
			// removed concurrently
		}
	}
}

/**
 * jest globalSetup of the e2e project: builds the package once (only when dist/ is missing or
 * older than the sources), since n8n loads this package's dist/ files.
 */
export default async function globalSetup(): Promise<void> {
	pruneOldLogs();
	if (process.env.SMSAPI_E2E_PACKAGE_DIR) {
		process.stderr.write(`[e2e] testing the package in ${process.env.SMSAPI_E2E_PACKAGE_DIR} (no build)\n`);
		return;
	}
	ensureBuilt((msg) => process.stderr.write(`${msg}\n`));
}
