import * as os from 'os';
import * as path from 'path';

/** Root of this package (the folder that holds package.json). */
export const PROJECT_ROOT = path.resolve(__dirname, '..', '..', '..');

/** npm name of this package; n8n loads it from `.n8n/nodes/node_modules/<PACKAGE_NAME>`. */
export const PACKAGE_NAME = 'n8n-nodes-smsapi-plus';

/** Where scripts/install-n8n.sh puts Node 24 and the n8n installs. */
export function cacheDir(): string {
	return process.env.SMSAPI_N8N_CACHE || path.join(os.homedir(), '.cache', 'n8n-nodes-smsapi-plus');
}

/** Versions installed by scripts/install-n8n.sh (keep both files in step). */
export const N8N_VERSIONS = { '2': '2.41.1', '1': '1.123.81' } as const;
export const NODE24_VERSION = '24.21.0';

/** Per-run files of the e2e tests (logs); git-ignored. */
export const E2E_WORK_DIR = path.join(PROJECT_ROOT, '.n8n-e2e');
export const E2E_LOG_DIR = path.join(E2E_WORK_DIR, 'logs');

/** Fixed key so encrypted credentials stay readable by every n8n process of one instance. */
export const E2E_ENCRYPTION_KEY = 'smsapi-e2e-fixed-encryption-key-0001';

/** Owner account created through POST /rest/owner/setup for REST calls. */
export const E2E_OWNER = {
	email: 'owner@smsapi-e2e.test',
	firstName: 'E2E',
	lastName: 'Owner',
	password: 'E2eOwnerPassw0rd',
};

/** Per-test timeout for e2e tests (jest's third argument of it/beforeAll). */
export const E2E_TEST_TIMEOUT_MS = 120_000;
/** Timeout for a beforeAll that creates and starts an n8n instance. */
export const E2E_SETUP_TIMEOUT_MS = 240_000;
