/**
 * The newcomer's path provisions itself: `npm test` / `npm start` run scripts/provision.sh
 * (npm skips pre/post scripts under the project's ignore-scripts=true), and the provisioning
 * never inherits that setting. The full proof is CI's clean machine; these guard the wiring.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const CHECK = path.join(ROOT, 'scripts/check-npm-scripts.js');

function checkPackage(scripts: Record<string, string>, npmrc = 'ignore-scripts=true\n') {
	const dir = mkdtempSync(path.join(tmpdir(), 'smsapi-npm-scripts-'));
	try {
		writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'x', scripts }));
		writeFileSync(path.join(dir, '.npmrc'), npmrc);
		const run = spawnSync(process.execPath, [CHECK, dir], { encoding: 'utf8' });
		return { status: run.status, output: `${run.stdout}${run.stderr}` };
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

describe('npm scripts provision themselves', () => {
	it('the project passes the check that .ci/run makes', () => {
		const run = spawnSync(process.execPath, [CHECK], { encoding: 'utf8' });
		expect(run.stderr).toBe('');
		expect(run.status).toBe(0);
	});

	it('refuses a pretest hook under ignore-scripts (npm would skip it silently)', () => {
		const run = checkPackage({
			pretest: 'bash scripts/install-n8n.sh',
			test: 'bash scripts/provision.sh && jest',
			start: 'bash scripts/provision.sh demo',
		});
		expect(run.status).toBe(1);
		expect(run.output).toContain('"pretest" never runs');
	});

	it('refuses test or start scripts that do not provision', () => {
		const run = checkPackage({ test: 'jest', start: 'node demo.js' });
		expect(run.status).toBe(1);
		expect(run.output).toContain('"test" does not run scripts/provision.sh');
		expect(run.output).toContain('"start" does not run scripts/provision.sh');
	});

	it('the provisioning scripts drop an inherited npm_config_ignore_scripts', () => {
		for (const file of ['scripts/provision.sh', 'scripts/install-n8n.sh']) {
			expect(readFileSync(path.join(ROOT, file), 'utf8')).toMatch(/^unset npm_config_ignore_scripts/m);
		}
		// and the native build asks for its scripts explicitly, whatever npm's config says
		expect(readFileSync(path.join(ROOT, 'scripts/install-n8n.sh'), 'utf8')).toContain('--ignore-scripts=false');
	});

	it('provision.sh --check reports an empty cache as missing without installing anything', () => {
		const cache = mkdtempSync(path.join(tmpdir(), 'smsapi-empty-cache-'));
		try {
			const run = spawnSync('bash', [path.join(ROOT, 'scripts/provision.sh'), 'test', '--check'], {
				cwd: ROOT,
				encoding: 'utf8',
				env: { ...process.env, SMSAPI_N8N_CACHE: cache },
			});
			expect(run.status).toBe(1);
			expect(run.stderr).toContain('missing n8n line(s): 2 1');
		} finally {
			rmSync(cache, { recursive: true, force: true });
		}
	});
});
