/**
 * The environment every n8n process of an instance runs with: loopback only, nothing leaving the
 * machine, the community package enabled, SQLite or PostgreSQL, and queue mode when asked.
 */
import * as path from 'path';

import { E2E_ENCRYPTION_KEY } from './config';
import type { N8nLine } from './lines';
import type { PostgresConnection } from './postgres';
import { uniqueFreePort } from './proc';

export interface QueueModeOptions {
	/** Redis on 127.0.0.1 (see startRedis()). */
	redisPort: number;
	redisHost?: string;
	/** Start `n8n worker` processes together with the main process in start(). Default 1. */
	workers?: number;
	/** --concurrency of each worker. Default 5. */
	concurrency?: number;
	/**
	 * Start this many `n8n webhook` processes too (each on its own port, see webhookProcessUrl()):
	 * they take production webhook calls and enqueue the executions, as in a scaled n8n. Default 0.
	 */
	webhookProcesses?: number;
}

export interface N8nEnvSettings {
	line: N8nLine;
	userFolder: string;
	/** HTTP port of the main process (also the WEBHOOK_URL every process shows). */
	port: number;
	queue?: QueueModeOptions;
	/** PostgreSQL instead of the default SQLite file in the user folder. */
	database?: PostgresConnection;
	/** Set last (undefined removes a variable). */
	extra: Record<string, string | undefined>;
}

/** Variables of the caller that must not leak into n8n (jest sets NODE_ENV=test, users may have N8N_*). */
function cleanParentEnv(): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [k, v] of Object.entries(process.env)) {
		if (
			/^(N8N_|DB_|EXECUTIONS_|QUEUE_|GENERIC_|WEBHOOK_URL$|NODE_ENV$|NODE_OPTIONS$|NODE_FUNCTION_|CODE_|EXTERNAL_)/.test(k) ||
			/^npm_/i.test(k) ||
			/^(https?|all)_proxy$/i.test(k)
		) {
			continue;
		}
		env[k] = v;
	}
	return env;
}

function databaseEnv(database: PostgresConnection | undefined): Record<string, string> {
	if (!database) return { DB_TYPE: 'sqlite', DB_SQLITE_POOL_SIZE: '3' };
	return {
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: database.host,
		DB_POSTGRESDB_PORT: String(database.port),
		DB_POSTGRESDB_DATABASE: database.database,
		DB_POSTGRESDB_USER: database.user,
		DB_POSTGRESDB_PASSWORD: database.password,
		DB_POSTGRESDB_SCHEMA: 'public',
	};
}

/** Environment of one n8n process; each process gets its own task-broker (and health) port. */
export async function n8nEnv(settings: N8nEnvSettings, perProcess: Record<string, string> = {}): Promise<NodeJS.ProcessEnv> {
	const { line, port, queue } = settings;
	const env: NodeJS.ProcessEnv = {
		...cleanParentEnv(),
		PATH: `${path.dirname(line.nodeBin === 'node' ? process.execPath : line.nodeBin)}${path.delimiter}${process.env.PATH ?? ''}`,
		NO_PROXY: '127.0.0.1,localhost',
		no_proxy: '127.0.0.1,localhost',
		N8N_USER_FOLDER: settings.userFolder,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		N8N_RUNNERS_BROKER_PORT: String(await uniqueFreePort()),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_ENCRYPTION_KEY: E2E_ENCRYPTION_KEY,
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_SECURE_COOKIE: 'false',
		...databaseEnv(settings.database),
		N8N_LOG_LEVEL: 'info',
		N8N_LOG_OUTPUT: 'console',
		// Nothing may leave the machine: no telemetry, no version / news / banner / template
		// / license / community-node-catalogue fetches.
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'false',
		N8N_MCP_COMMUNITY_NODE_DISCOVERY_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		N8N_PYTHON_ENABLED: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		...line.lineEnv,
	};
	if (queue) {
		env.EXECUTIONS_MODE = 'queue';
		env.QUEUE_BULL_REDIS_HOST = queue.redisHost ?? '127.0.0.1';
		env.QUEUE_BULL_REDIS_PORT = String(queue.redisPort);
		env.QUEUE_HEALTH_CHECK_ACTIVE = 'true';
		env.N8N_WORKER_SERVER_ADDRESS = '127.0.0.1';
		env.QUEUE_HEALTH_CHECK_PORT = String(await uniqueFreePort());
	}
	for (const [k, v] of Object.entries({ ...settings.extra, ...perProcess })) {
		if (v === undefined) delete env[k];
		else env[k] = v;
	}
	return env;
}
