import { spawnSync } from 'child_process';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';

import { E2E_WORK_DIR, PROJECT_ROOT } from './config';

/**
 * Written by ensureBuilt() after a successful build: the hash of the sources it was built from and
 * the hash of the dist/ it left. dist/ is up to date while both still match, so a repeat
 * `npm test` builds nothing, and a dist/ changed since (a failed or partial build, a deleted file)
 * is built again.
 */
const BUILD_STAMP = path.join(E2E_WORK_DIR, 'build-stamp.json');
/** Held while one jest worker builds (the others wait for it, then find dist/ up to date). */
const BUILD_LOCK = path.join(E2E_WORK_DIR, 'build-lock');

/** What the build reads (package.json `scripts.build`: tsc with tsconfig.build.json, then gulp). */
const SOURCES = ['nodes', 'credentials', 'icons', 'package.json', 'tsconfig.json', 'tsconfig.build.json', 'gulpfile.js'];

/** dist files that n8n loads (package.json "n8n" field). */
export function distEntryFiles(): string[] {
	const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
		n8n?: { nodes?: string[]; credentials?: string[] };
	};
	const files = [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])];
	if (files.length === 0) throw new Error('package.json has no "n8n" nodes/credentials entries');
	return files.map((f) => path.join(PROJECT_ROOT, f));
}

/** Throws a clear error when the package is not built (dist/ missing the n8n entry files). */
export function assertBuilt(): void {
	const missing = distEntryFiles().filter((f) => !fs.existsSync(f));
	if (missing.length > 0) {
		throw new Error(
			`The package is not built (missing ${missing.map((f) => path.relative(PROJECT_ROOT, f)).join(', ')}). ` +
				'Run `npm run build` first.',
		);
	}
}

/** One hash over the relative paths and contents of every file under `entries` (sorted). */
function hashOf(entries: string[]): string {
	const hash = createHash('sha256');
	const add = (relative: string) => {
		const full = path.join(PROJECT_ROOT, relative);
		let st: fs.Stats;
		try {
			st = fs.statSync(full);
		} catch {
			hash.update(`missing ${relative}\n`);
			return;
		}
		if (st.isDirectory()) {
			for (const entry of fs.readdirSync(full).sort()) add(path.join(relative, entry));
			return;
		}
		hash.update(`${relative} ${st.size}\n`);
		hash.update(fs.readFileSync(full));
	};
	for (const entry of entries) add(entry);
	return hash.digest('hex');
}

interface BuildStamp {
	sources: string;
	dist: string;
}

function readStamp(): BuildStamp | undefined {
	try {
		return JSON.parse(fs.readFileSync(BUILD_STAMP, 'utf8')) as BuildStamp;
	} catch {
		return undefined;
	}
}

/** Why dist/ must be built (a sentence), or undefined when it is what the current sources build. */
export function distStaleReason(): string | undefined {
	const entries = distEntryFiles();
	const missing = entries.filter((f) => !fs.existsSync(f));
	if (missing.length) return `missing ${missing.map((f) => path.relative(PROJECT_ROOT, f)).join(', ')}`;
	const stamp = readStamp();
	if (!stamp) return 'no record of a successful build by the tests';
	if (stamp.sources !== hashOf(SOURCES)) return 'the sources changed since the last build';
	if (stamp.dist !== hashOf(['dist'])) return 'dist/ changed since the last build';
	return undefined;
}

/** Blocks this thread for `ms` (ensureBuilt() is synchronous: jest files call it while collected). */
function sleepSync(ms: number): void {
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Whether the lock's holder is gone: its process no longer runs, or the lock is older than `staleMs`. */
function lockAbandoned(staleMs: number): boolean {
	try {
		const holder = Number(fs.readFileSync(path.join(BUILD_LOCK, 'pid'), 'utf8'));
		if (Number.isInteger(holder) && holder > 0) {
			try {
				process.kill(holder, 0);
			} catch (e) {
				if ((e as NodeJS.ErrnoException).code === 'ESRCH') return true;
			}
		}
		return Date.now() - fs.statSync(BUILD_LOCK).mtimeMs > staleMs;
	} catch {
		// Released in the meantime, or its holder has not written its pid yet.
		return false;
	}
}

/**
 * Runs fn() holding BUILD_LOCK (a folder with the holder's pid); a lock whose process is gone
 * (a run stopped with Ctrl-C during the build) or older than `staleMs` is taken over.
 */
function withBuildLock<T>(fn: () => T, staleMs = 5 * 60_000): T {
	fs.mkdirSync(E2E_WORK_DIR, { recursive: true });
	for (;;) {
		try {
			fs.mkdirSync(BUILD_LOCK);
			fs.writeFileSync(path.join(BUILD_LOCK, 'pid'), String(process.pid));
			break;
		} catch {
			if (lockAbandoned(staleMs)) fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
			else sleepSync(250);
		}
	}
	try {
		return fn();
	} finally {
		fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
	}
}

/**
 * Runs `npm run build` unless dist/ is what the current sources build (see BUILD_STAMP); bounded:
 * 5 min. Jest workers calling it together build once. Throws when the build fails.
 */
export function ensureBuilt(log: (msg: string) => void = () => undefined): void {
	if (!distStaleReason()) {
		log('[e2e] dist/ is up to date');
		return;
	}
	withBuildLock(() => {
		const reason = distStaleReason();
		if (!reason) return;
		log(`[e2e] building the package (${reason}): npm run build`);
		const started = Date.now();
		const sources = hashOf(SOURCES);
		fs.rmSync(BUILD_STAMP, { force: true });
		const res = spawnSync('npm', ['run', 'build'], {
			cwd: PROJECT_ROOT,
			encoding: 'utf8',
			timeout: 300_000,
			env: { ...process.env, NODE_ENV: undefined },
		});
		if (res.status !== 0) {
			throw new Error(
				`npm run build failed (${res.error?.message ?? `exit ${res.status ?? res.signal}`}); the tests need a built package.\n` +
					`${res.stdout}\n${res.stderr}`,
			);
		}
		assertBuilt();
		const stamp: BuildStamp = { sources, dist: hashOf(['dist']) };
		fs.writeFileSync(BUILD_STAMP, `${JSON.stringify(stamp)}\n`);
		log(`[e2e] build done in ${Date.now() - started} ms`);
	});
}
