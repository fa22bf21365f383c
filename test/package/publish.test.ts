/**
 * The package as published: the tarball holds what n8n loads and nothing it does not (no source
 * maps, no type declarations), and the release workflow (.github/workflows/publish.yml) builds and
 * tests without the token npm trusts, pins what it runs, and publishes exactly the tarball it tested.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { ensureBuilt } from '../e2e/harness/build';
import { packedFiles } from '../e2e/harness/package-files';

const ROOT = path.resolve(__dirname, '..', '..');
const PUBLISH_YML = path.join(ROOT, '.github', 'workflows', 'publish.yml');

describe('the packed tarball', () => {
	let files: string[];
	beforeAll(() => {
		ensureBuilt();
		files = packedFiles(ROOT);
	}, 180_000);

	it('holds the compiled nodes, credential and icons n8n loads', () => {
		expect(files).toEqual(
			expect.arrayContaining([
				'dist/nodes/Smsapi/Smsapi.node.js',
				'dist/nodes/Smsapi/SmsapiTrigger.node.js',
				'dist/credentials/SmsapiApi.credentials.js',
				'package.json',
				'README.md',
			]),
		);
		expect(files.some((file) => file.startsWith('dist/icons/') && file.endsWith('.svg'))).toBe(true);
	});

	it('holds only what the current sources compile to (the build starts from an empty dist/)', () => {
		const orphans = files
			.filter((file) => file.startsWith('dist/') && file.endsWith('.js'))
			.filter((file) => !existsSync(path.join(ROOT, file.replace(/^dist\//, '').replace(/\.js$/, '.ts'))));
		expect(orphans).toEqual([]);
	});

	it('holds no source maps and no type declarations (n8n loads neither)', () => {
		expect(files.filter((file) => file.endsWith('.map') || file.endsWith('.d.ts'))).toEqual([]);
	});
});

/** The jobs of a workflow file: name -> its lines (indented by four or more spaces under `jobs:`). */
function jobsOf(yaml: string): Map<string, string[]> {
	const jobs = new Map<string, string[]>();
	const lines = yaml.split('\n');
	const start = lines.indexOf('jobs:');
	expect(start).toBeGreaterThan(-1);
	let current: string[] | undefined;
	for (const line of lines.slice(start + 1)) {
		const job = /^ {2}([\w-]+):\s*$/.exec(line);
		if (job) {
			current = [];
			jobs.set(job[1], current);
		} else if (/^\S/.test(line)) break;
		else current?.push(line);
	}
	return jobs;
}

/** The commands a job runs, comments removed. */
const commands = (lines: string[]) => lines.map((line) => line.replace(/(^|\s)#.*$/, '')).join('\n');

describe('.github/workflows/publish.yml', () => {
	const yaml = readFileSync(PUBLISH_YML, 'utf8');
	const jobs = jobsOf(yaml);

	it('pins every action by its commit', () => {
		const uses = [...yaml.matchAll(/^\s*(?:-\s+)?uses:\s*(\S+)/gm)].map((match) => match[1]);
		expect(uses.length).toBeGreaterThan(3);
		expect(uses.filter((ref) => !/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/.test(ref))).toEqual([]);
	});

	it('installs npm by an exact version', () => {
		const installs = [...yaml.matchAll(/\bnpm@(\S+)/g)].map((match) => match[1]);
		expect(installs.length).toBeGreaterThan(0);
		expect(installs.filter((version) => !/^\d+\.\d+\.\d+$/.test(version))).toEqual([]);
	});

	it('gives the OIDC token only to a job that builds, installs and runs nothing of the project', () => {
		expect(commands(yaml.split('\njobs:')[0].split('\n'))).not.toMatch(/id-token/);
		const trusted = [...jobs].filter(([, lines]) => lines.some((line) => /id-token:\s*write/.test(line)));
		expect(trusted.map(([name]) => name)).toEqual(['publish']);
		const publish = commands(trusted[0][1]);
		expect(publish).not.toMatch(/actions\/checkout|npm ci|npm run|npm test|npm pack|npm install(?! --global --ignore-scripts npm@)/);
		// It publishes the tarball fetched from the test job, after checking its hash.
		expect(publish).toMatch(/actions\/download-artifact@/);
		expect(publish).toMatch(/sha256sum --check/);
		expect(publish).toMatch(/npm publish "\$tarball"/);
	});

	it('builds, tests and packs in the job the publish job waits for', () => {
		const test = commands(jobs.get('test') ?? []);
		for (const step of ['npm ci', 'npm run build', 'npm run lint', 'npm run scan', 'npm test', 'npm pack', 'actions/upload-artifact@'])
			expect(test).toContain(step);
		expect(commands(jobs.get('publish') ?? [])).toMatch(/needs:\s*test/);
	});
});
