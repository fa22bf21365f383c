import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

import { E2E_WORK_DIR, PROJECT_ROOT } from './config';

/** Written after a successful build by ensureBuilt() (mtime = when that build started). */
const BUILD_STAMP = path.join(E2E_WORK_DIR, 'build-stamp');

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

function newestMtime(p: string): number {
	let st: fs.Stats;
	try {
		st = fs.statSync(p);
	} catch {
		return 0;
	}
	if (!st.isDirectory()) return st.mtimeMs;
	let newest = 0;
	for (const entry of fs.readdirSync(p)) {
		newest = Math.max(newest, newestMtime(path.join(p, entry)));
	}
	return newest;
}

/** Why dist/ is stale (a sentence), or undefined when it is up to date. */
export function distStaleReason(): string | undefined {
	const entries = distEntryFiles();
	const missing = entries.filter((f) => !fs.existsSync(f));
	if (missing.length) return `missing ${missing.map((f) => path.relative(PROJECT_ROOT, f)).join(', ')}`;
	// tsc (incremental) rewrites only the outputs whose source changed, and none for a source
	// saved unchanged: compare with the newest dist file and the stamp of our last build.
	const built = Math.max(newestMtime(path.join(PROJECT_ROOT, 'dist')), newestMtime(BUILD_STAMP));
	const sources = ['nodes', 'credentials', 'icons', 'package.json', 'tsconfig.json', 'tsconfig.build.json'];
	for (const s of sources) {
		if (newestMtime(path.join(PROJECT_ROOT, s)) > built) return `${s} changed after the last build`;
	}
	return undefined;
}

/** Runs `npm run build` when dist/ is missing or older than the sources (bounded: 5 min). */
export function ensureBuilt(log: (msg: string) => void = () => undefined): void {
	const reason = distStaleReason();
	if (!reason) {
		log('[e2e] dist/ is up to date');
		return;
	}
	log(`[e2e] building the package (${reason}): npm run build`);
	const started = Date.now();
	fs.mkdirSync(path.dirname(BUILD_STAMP), { recursive: true });
	const res = spawnSync('npm', ['run', 'build'], {
		cwd: PROJECT_ROOT,
		encoding: 'utf8',
		timeout: 300_000,
		env: { ...process.env, NODE_ENV: undefined },
	});
	if (res.status !== 0) {
		throw new Error(
			`npm run build failed (${res.error?.message ?? `exit ${res.status ?? res.signal}`}); the e2e tests need a built package.\n` +
				`${res.stdout}\n${res.stderr}`,
		);
	}
	assertBuilt();
	fs.writeFileSync(BUILD_STAMP, new Date(started).toISOString());
	fs.utimesSync(BUILD_STAMP, new Date(started), new Date(started));
	log(`[e2e] build done in ${Date.now() - started} ms`);
}
