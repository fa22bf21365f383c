/**
 * A fresh user folder for one n8n: this package installed as a community package (copied as
 * `npm pack` ships it, or linked), a log file, a free port and, for SQLite, a migrated database.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { assertBuilt } from './build';
import { E2E_LOG_DIR, PACKAGE_NAME, PROJECT_ROOT } from './config';
import { seedMigratedDatabase } from './db-template';
import { getLine, type LineId, type N8nLine } from './lines';
import type { QueueModeOptions } from './n8n-env';
import { InstanceLog } from './n8n-log';
import { copyPackedPackage } from './package-files';
import type { PostgresConnection } from './postgres';
import { uniqueFreePort } from './proc';
import { registerTempDir } from './run-ownership';

export interface CreateOptions {
	/** Line id ('1' | '2') or a line from n8nLines(). */
	line: LineId | N8nLine;
	/** Extra environment for every n8n process of this instance (undefined removes a variable). */
	env?: Record<string, string | undefined>;
	/** Queue mode: main + worker(s) (+ webhook processes) sharing this user folder and a Redis. */
	queue?: QueueModeOptions;
	/** PostgreSQL (see startPostgres()) instead of SQLite; what n8n requires for queue mode in production. */
	database?: PostgresConnection;
	/**
	 * Package folder linked as the community package. Default: SMSAPI_E2E_PACKAGE_DIR if set
	 * (e.g. an unpacked `npm pack` tarball), else this project (which must be built).
	 */
	packageDir?: string;
	/**
	 * How the package gets into `.n8n/nodes/node_modules`: 'copy' (default) copies the files
	 * `npm pack` ships, like a user's install; 'link' symlinks the folder (then the package's own
	 * node_modules, e.g. its n8n-workflow devDependency, is used). Env SMSAPI_E2E_INSTALL_MODE=link.
	 */
	installMode?: 'copy' | 'link';
	/** Label in log file names. */
	label?: string;
	/** HTTP port of the main process (default: a free one). */
	port?: number;
}

/** Where one n8n lives: its line, user folder, the main process's port and the log. */
export interface N8nHome {
	line: N8nLine;
	/** N8N_USER_FOLDER (temporary). n8n's own folder is `${userFolder}/.n8n`. */
	userFolder: string;
	port: number;
	log: InstanceLog;
}

/** Makes a fresh user folder with this package installed; nothing is started yet. */
export async function prepareUserFolder(opts: CreateOptions): Promise<N8nHome> {
	const line = typeof opts.line === 'string' ? getLine(opts.line) : opts.line;
	const packageDir = path.resolve(opts.packageDir ?? (process.env.SMSAPI_E2E_PACKAGE_DIR || PROJECT_ROOT));
	if (packageDir === PROJECT_ROOT) assertBuilt();
	else if (!fs.existsSync(path.join(packageDir, 'package.json'))) {
		throw new Error(`package folder ${packageDir} has no package.json`);
	}
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), `smsapi-e2e-n8n${line.line}-`));
	registerTempDir(userFolder);
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(path.join(nodesDir, 'node_modules'), { recursive: true });
	const installMode = opts.installMode ?? (process.env.SMSAPI_E2E_INSTALL_MODE === 'link' ? 'link' : 'copy');
	const target = path.join(nodesDir, 'node_modules', PACKAGE_NAME);
	if (installMode === 'link') fs.symlinkSync(packageDir, target, 'dir');
	else copyPackedPackage(packageDir, target);
	fs.mkdirSync(E2E_LOG_DIR, { recursive: true });
	const stamp = new Date().toISOString().replace(/[:.]/g, '-');
	const label = opts.label ? `-${opts.label.replace(/[^\w.-]+/g, '_')}` : '';
	const logFile = path.join(E2E_LOG_DIR, `n8n${line.line}${label}-${stamp}-${process.pid}.log`);
	fs.writeFileSync(
		logFile,
		`n8n ${line.version} (line ${line.line}) user folder ${userFolder}, package ${packageDir} (${installMode})` +
			`${opts.database ? `, PostgreSQL 127.0.0.1:${opts.database.port}` : ''}\n`,
	);
	const port = opts.port ?? (await uniqueFreePort());
	const log = new InstanceLog(logFile, `n8n ${line.version}`);
	if (!opts.database) await seedMigratedDatabase(line, userFolder, log);
	return { line, userFolder, port, log };
}
