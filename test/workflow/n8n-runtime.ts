/**
 * The process-wide part of n8n-core the harness relies on. n8n-core keeps its services in one
 * dependency-injection container per process (per test file under jest): the instance settings
 * (read from an n8n user folder), the SSH clients manager and the cron manager, which start
 * timers. A harness acquires this runtime when it starts and releases it on shutdown; the last
 * release stops those services and removes the temporary user folder, so nothing is left running
 * (jest would otherwise wait on them) and nothing is written to ~/.n8n. n8n's own log is silent
 * unless N8N_LOG_LEVEL is set (e.g. N8N_LOG_LEVEL=debug).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { GlobalConfig, InstanceSettingsConfig } from '@n8n/config';
import { Container } from '@n8n/di';
import { ScheduledTaskManager } from 'n8n-core';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';

/** A fixed key: credentials are kept in memory, this only stops n8n from generating one. */
const ENCRYPTION_KEY = 'smsapi-workflow-harness-key';

let users = 0;
let userFolder: string | undefined;

/** Points n8n-core at a temporary user folder (once per process) and counts the user. */
export function acquireN8nRuntime(): void {
	if (userFolder === undefined) {
		userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'smsapi-workflow-harness-'));
		const config: InstanceSettingsConfig = Object.assign(new InstanceSettingsConfig(), {
			n8nFolder: userFolder,
			userHome: userFolder,
			encryptionKey: ENCRYPTION_KEY,
			enforceSettingsFilePermissions: false,
		});
		Container.set(InstanceSettingsConfig, config);
		// n8n's log (node errors among it) stays quiet unless N8N_LOG_LEVEL asks for it.
		if (!process.env.N8N_LOG_LEVEL) Container.get(GlobalConfig).logging.level = 'silent';
	} else {
		// Released before: the instance settings (already read) still name this folder.
		fs.mkdirSync(userFolder, { recursive: true });
	}
	users += 1;
}

/** Stops the timers n8n-core started and removes the folder, when the last user releases it. */
export function releaseN8nRuntime(): void {
	if (users === 0) return;
	users -= 1;
	if (users > 0) return;
	Container.get(SSHClientsManager).onShutdown();
	const crons = Container.get(ScheduledTaskManager) as unknown as { logInterval?: NodeJS.Timeout };
	if (crons.logInterval) clearInterval(crons.logInterval);
	if (userFolder !== undefined) fs.rmSync(userFolder, { recursive: true, force: true });
}
