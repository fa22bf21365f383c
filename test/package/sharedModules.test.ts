/**
 * The quick run's loader (test/sharedModules.js): two test files in one jest worker share the
 * packages (each sees the other's mark on n8n-workflow's module object), and neither sees what the
 * other left behind of its own: a global, a pending nock interceptor, a process.env entry, fake
 * timers. The same two files under jest's own loader share nothing: the check that tells them apart.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const JEST = require.resolve('jest/bin/jest');

/** One of the two files: checks it starts clean, notes what it saw of the packages, then leaves a mess. */
const FILE = (name: string) => `
const nock = require(${JSON.stringify(path.join(ROOT, 'node_modules/nock'))});
const workflow = require(${JSON.stringify(path.join(ROOT, 'node_modules/n8n-workflow'))});
const seen = workflow.__sharedMarks ?? 0;
workflow.__sharedMarks = seen + 1;
test('starts clean, then leaves a global, an interceptor, an env entry and fake timers', () => {
	require('node:fs').writeFileSync(require('node:path').join(__dirname, '${name}.seen'), String(seen));
	expect(globalThis.leftBehind).toBeUndefined();
	expect(nock.pendingMocks()).toEqual([]);
	expect(nock.isActive()).toBe(true);
	expect(process.env.SMSAPI_LEFT_BEHIND).toBeUndefined();
	expect(setTimeout.clock).toBeUndefined();
	globalThis.leftBehind = '${name}';
	nock('http://left.behind.test').get('/').reply(200);
	process.env.SMSAPI_LEFT_BEHIND = '${name}';
	jest.useFakeTimers();
});
`;

function runBoth(shared: boolean): { status: number | null; output: string; seen: number[] } {
	const dir = mkdtempSync(path.join(tmpdir(), 'smsapi-shared-modules-'));
	try {
		for (const name of ['first', 'second']) writeFileSync(path.join(dir, `${name}.check.js`), FILE(name));
		const config = {
			rootDir: dir,
			testMatch: ['**/*.check.js'],
			transform: {},
			...(shared ? { testEnvironment: path.join(ROOT, 'test/sharedEnvironment.js'), runtime: path.join(ROOT, 'test/sharedRuntime.js') } : {}),
		};
		const run = spawnSync(process.execPath, [JEST, '--config', JSON.stringify(config), '--maxWorkers=1', '--ci'], {
			cwd: dir,
			encoding: 'utf8',
			timeout: 120_000,
		});
		const seen = ['first', 'second'].map((name) => Number(readFileSync(path.join(dir, `${name}.seen`), 'utf8')));
		return { status: run.status, output: `${run.stdout}${run.stderr}`, seen };
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

describe('test/sharedModules.js', () => {
	it('shares the packages between the files of a worker, and nothing a file leaves behind', () => {
		const run = runBoth(true);
		expect({ status: run.status, output: run.status === 0 ? '' : run.output }).toEqual({ status: 0, output: '' });
		expect(run.seen.sort()).toEqual([0, 1]);
	}, 120_000);

	it('under jest\'s own loader the same files share nothing (each loads the packages afresh)', () => {
		const run = runBoth(false);
		expect({ status: run.status, output: run.status === 0 ? '' : run.output }).toEqual({ status: 0, output: '' });
		expect(run.seen).toEqual([0, 0]);
	}, 120_000);
});
