import { ensureBuilt } from './build';

/**
 * jest globalSetup of the e2e project: builds the package once (only when dist/ is missing or
 * older than the sources), since n8n loads this package's dist/ files.
 */
export default async function globalSetup(): Promise<void> {
	if (process.env.SMSAPI_E2E_PACKAGE_DIR) {
		process.stderr.write(`[e2e] testing the package in ${process.env.SMSAPI_E2E_PACKAGE_DIR} (no build)\n`);
		return;
	}
	ensureBuilt((msg) => process.stderr.write(`${msg}\n`));
}
