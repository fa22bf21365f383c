/**
 * An interrupted `npm test` leaves nothing behind (scripts/test-run.js, scripts/reaper.js): real
 * runs of `npm test`, each given a few files so that it is short and a process group of its own,
 * interrupted as a terminal does (SIGINT to the foreground group: Ctrl-C) or as CI does (SIGTERM to
 * the group), at each point of a run:
 * - provisioning: a first run's (an empty n8n cache) while npm installs Node 24, offline from npm's
 *   own cache (a test reaches no network);
 * - unit tests: test/emulator/cli.test.ts with the emulator it starts listening;
 * - an e2e file: test/e2e/registry.test.ts with Verdaccio and n8n listening;
 * - the topology file: PostgreSQL, Redis and n8n's main, webhook and worker processes running.
 * Every process of the run (its npm's descendants, and whatever carries its run id), every TCP port
 * they listened on and the temporary folders of its n8n and PostgreSQL processes must be gone within
 * 15 s of the signal. The test signals and stops nothing but its own runs.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { n8nLines } from './harness';
import { ChildRun, describeLeftovers } from './interrupted-run/child-run';

/** The bound: from the signal until nothing of the run is left. */
const NOTHING_LEFT_WITHIN_MS = 15_000;
const N8N_PROCESS = /\/n8n\/bin\/n8n (start|worker|webhook)\b/;

/** The n8n line the e2e and topology runs use: the first one selected (SMSAPI_E2E_LINES). */
const line = n8nLines()[0].line;

let run: ChildRun | undefined;
let emptyCache: string | undefined;

afterEach(async () => {
	// A failed check leaves nothing behind either (only processes seen as the run's are stopped).
	await run?.killLeftovers();
	run = undefined;
	if (emptyCache) fs.rmSync(emptyCache, { recursive: true, force: true });
	emptyCache = undefined;
});

/** Interrupts the run and expects nothing of it left within the bound. */
async function interruptAndExpectNothingLeft(r: ChildRun, signal: 'SIGINT' | 'SIGTERM'): Promise<void> {
	const before = { processes: r.seen.size, ports: r.ports.size, folders: r.folders.size };
	r.interrupt(signal);
	const outcome = await r.settle(NOTHING_LEFT_WITHIN_MS);
	const left = describeLeftovers(outcome.left);
	expect({ left, withinBound: outcome.ms <= NOTHING_LEFT_WITHIN_MS }).toEqual({ left: '', withinBound: true });
	process.stderr.write(
		`[interrupted-run] ${signal}: ${before.processes} processes, ${before.ports} listening ports and ${before.folders} server folders of the run, none left after ${outcome.ms} ms (npm: ${outcome.exit}); log ${r.logFile}\n`,
	);
}

describe('an interrupted npm test leaves no process and no port behind', () => {
	it.each(['SIGINT', 'SIGTERM'] as const)(
		'%s during provisioning (a first run, npm installing Node 24)',
		async (signal) => {
			emptyCache = fs.mkdtempSync(path.join(os.tmpdir(), 'smsapi-interrupted-provisioning-'));
			run = new ChildRun(`provisioning-${signal}`, ['test/helpers/numbers.test.ts'], {
				SMSAPI_N8N_CACHE: emptyCache,
				npm_config_offline: 'true',
			});
			await run.until('npm installing Node 24', (r) => r.processes(/npm install/).length > 0, 60_000);
			expect(run.processes(/jest\/bin\/jest/)).toEqual([]);
			await interruptAndExpectNothingLeft(run, signal);
			expect(fs.existsSync(path.join(emptyCache, 'node24', '.installed'))).toBe(false);
		},
		120_000,
	);

	it('SIGINT during unit tests (the emulator a test started listening)', async () => {
		run = new ChildRun('unit', ['test/emulator/cli.test.ts', 'test/helpers/numbers.test.ts']);
		await run.until('the emulator of test/emulator/cli.test.ts listening', (r) => r.portsOf(/emulator\/cli\.ts/).length > 0, 180_000);
		await interruptAndExpectNothingLeft(run, 'SIGINT');
	}, 240_000);

	it(`SIGTERM during an e2e file (registry.test.ts, line ${line}: Verdaccio and n8n listening)`, async () => {
		run = new ChildRun('e2e', ['test/e2e/registry.test.ts'], { SMSAPI_E2E_LINES: line });
		await run.until(
			'Verdaccio and n8n listening',
			(r) => r.portsOf(/verdaccio/).length > 0 && r.portsOf(N8N_PROCESS).length > 0,
			300_000,
		);
		await interruptAndExpectNothingLeft(run, 'SIGTERM');
	}, 360_000);

	it(`SIGINT during the topology file (line ${line}: PostgreSQL, Redis and four n8n processes)`, async () => {
		run = new ChildRun('topology', [`test/e2e/topology-line${line}.test.ts`], { SMSAPI_E2E_LINES: line });
		await run.until(
			'PostgreSQL and Redis listening, n8n main listening, its webhook process and workers started',
			(r) =>
				r.portsOf(/redis-server/).length > 0 &&
				r.portsOf(/postgres/).length > 0 &&
				r.portsOf(/\/n8n\/bin\/n8n start\b/).length > 0 &&
				r.processes(N8N_PROCESS).length >= 4,
			360_000,
		);
		await interruptAndExpectNothingLeft(run, 'SIGINT');
	}, 420_000);
});
