import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

const cache = new Map<string, string[]>();

/** Files `npm pack` would ship from `packageDir` (relative paths), from `npm pack --dry-run --json`. */
export function packedFiles(packageDir: string): string[] {
	const hit = cache.get(packageDir);
	if (hit) return hit;
	const res = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: packageDir,
		encoding: 'utf8',
		timeout: 60_000,
		env: { ...process.env, NODE_ENV: undefined },
	});
	if (res.status !== 0) {
		throw new Error(`npm pack --dry-run failed in ${packageDir} (${res.error?.message ?? `exit ${res.status}`}): ${res.stderr}`);
	}
	const parsed = JSON.parse(res.stdout) as Array<{ files: Array<{ path: string }> }>;
	const files = parsed[0].files.map((f) => f.path);
	cache.set(packageDir, files);
	return files;
}

/**
 * Installs the package into `target` the way a user gets it: only the files `npm pack` ships,
 * copied (no symlink, no node_modules), so `n8n-workflow` resolves to n8n's own copy and an
 * import of a devDependency or a file left out of "files" fails as it would for users.
 */
export function copyPackedPackage(packageDir: string, target: string): void {
	for (const rel of packedFiles(packageDir)) {
		const dest = path.join(target, rel);
		fs.mkdirSync(path.dirname(dest), { recursive: true });
		fs.copyFileSync(path.join(packageDir, rel), dest);
	}
}
