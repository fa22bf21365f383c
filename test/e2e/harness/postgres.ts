/**
 * A throw-away PostgreSQL for n8n's queue mode: Debian's `postgresql` server binaries
 * (/usr/lib/postgresql/<major>/bin, off PATH), a fresh `initdb` data folder, its own port on
 * 127.0.0.1, no Unix socket outside that folder. initdb and postgres refuse to run as root: as
 * root they run as the `postgres` user (the package creates it) with the folder chowned to it.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { runProcess, spawnDetached, stopGroup, uniqueFreePort, waitFor } from './proc';
import { registerTempDir, unregisterTempDir, withRunId } from './run-ownership';

export interface PostgresConnection {
	host: string;
	port: number;
	user: string;
	password: string;
	database: string;
}

export interface PostgresServer extends PostgresConnection {
	/** The data folder (removed by stop()). */
	dataDir: string;
	stop(): Promise<void>;
}

export function postgresUrl(c: PostgresConnection): string {
	return `postgres://${encodeURIComponent(c.user)}:${encodeURIComponent(c.password)}@${c.host}:${c.port}/${encodeURIComponent(c.database)}`;
}

/** The bin folder of the newest installed PostgreSQL major version. */
export function postgresBinDir(): string {
	const root = '/usr/lib/postgresql';
	const majors = fs.existsSync(root)
		? fs
				.readdirSync(root)
				.filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
				.sort((a, b) => Number(b) - Number(a))
		: [];
	if (majors.length === 0) {
		throw new Error(
			'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb; queue-mode e2e tests need it): run `npm run provision` or apt-get install -y postgresql',
		);
	}
	return path.join(root, majors[0], 'bin');
}

/** As root: run as `postgres` (runuser), which initdb/postgres require; otherwise as we are. */
function asServerUser(cmd: string, args: string[]): [string, string[]] {
	if (process.getuid?.() !== 0) return [cmd, args];
	return ['runuser', ['-u', 'postgres', '--', cmd, ...args]];
}

function chownToServerUser(dir: string): void {
	if (process.getuid?.() !== 0) return;
	execFileSync('chown', ['-R', 'postgres:postgres', dir]);
}

/**
 * initdb + postgres on a free port of 127.0.0.1 (trust authentication on loopback: throw-away
 * data). Resolves when it accepts connections; n8n creates its tables in the `postgres` database.
 */
export async function startPostgres(opts: { timeoutMs?: number; label?: string } = {}): Promise<PostgresServer> {
	const timeoutMs = opts.timeoutMs ?? 60_000;
	const bin = postgresBinDir();
	const port = await uniqueFreePort();
	const root = fs.mkdtempSync(path.join(os.tmpdir(), `smsapi-e2e-pg${opts.label ? `-${opts.label}` : ''}-`));
	registerTempDir(root);
	const dataDir = path.join(root, 'data');
	const socketDir = path.join(root, 'socket');
	fs.mkdirSync(socketDir);
	fs.chmodSync(root, 0o755);
	chownToServerUser(root);
	const env = withRunId({ PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C', LC_ALL: 'C' });

	const [initCmd, initArgs] = asServerUser(path.join(bin, 'initdb'), [
		'-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync', '--no-instructions',
	]);
	const init = await runProcess(initCmd, initArgs, { timeoutMs, env, cwd: root });
	if (init.code !== 0) {
		fs.rmSync(root, { recursive: true, force: true });
		throw new Error(`initdb failed (exit ${init.code ?? init.signal}): ${init.stderr.slice(-2000)}${init.stdout.slice(-1000)}`);
	}

	const logFile = path.join(root, 'postgres.log');
	const fd = fs.openSync(logFile, 'a');
	chownToServerUser(logFile);
	// Throw-away data: no fsync; enough connections for main, webhook and two workers of n8n.
	const [cmd, args] = asServerUser(path.join(bin, 'postgres'), [
		'-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir}`,
		'-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200',
	]);
	const service = spawnDetached(cmd, args, { cwd: root, env, stdio: ['ignore', fd, fd] });
	fs.closeSync(fd);
	const stop = async () => {
		// SIGINT: PostgreSQL's "fast" shutdown (no waiting for clients).
		await stopGroup(service.child, service.exited, 'SIGINT', 15_000);
		if (process.env.SMSAPI_E2E_KEEP !== '1') fs.rmSync(root, { recursive: true, force: true });
		unregisterTempDir(root);
	};
	const server: PostgresServer = { host: '127.0.0.1', port, user: 'postgres', password: 'postgres', database: 'postgres', dataDir, stop };
	try {
		const [readyCmd, readyArgs] = [path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-t', '2']];
		await waitFor(`PostgreSQL on 127.0.0.1:${port}`, timeoutMs, async () => {
			if (service.hasExited()) throw new Error(`postgres exited: ${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
			const res = await runProcess(readyCmd, readyArgs, { timeoutMs: 5_000, env });
			return res.code === 0 ? true : undefined;
		});
	} catch (e) {
		await stop();
		throw e;
	}
	return server;
}
