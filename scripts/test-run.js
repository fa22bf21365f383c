#!/usr/bin/env node
/**
 * `npm test`: scripts/provision.sh test, then jest on two workers with the arguments given
 * (`npm test -- test/e2e/trigger.test.ts`, `npm test -- --json --outputFile=...`).
 *
 * This process owns the run: it starts the run's reaper first (scripts/reaper.js), so that an
 * interrupted run (Ctrl-C in a terminal, SIGTERM to the process group as CI sends it, at any
 * point: provisioning, unit tests, a real-n8n file) leaves no process and no port behind. On
 * SIGINT, SIGTERM or SIGHUP it passes the signal on to the step running and ends at once; the
 * reaper then stops whatever of the run is left (the detached servers of the tests included).
 */
'use strict';
const { spawn } = require('child_process');
const path = require('path');
const os = require('os');

const { ownRun } = require('./reaper');

const ROOT = path.resolve(__dirname, '..');

let current;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
	process.on(sig, () => {
		try {
			current?.kill(sig);
		} catch {
			// ended already
		}
		process.exit(128 + os.constants.signals[sig]);
	});
}

/** Runs one step in the foreground; resolves with its exit code (128 + n when a signal ended it). */
function step(cmd, args) {
	return new Promise((resolve) => {
		current = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit' });
		current.on('error', (e) => {
			process.stderr.write(`test-run: cannot start ${cmd}: ${e.message}\n`);
			resolve(1);
		});
		current.on('exit', (code, signal) => resolve(code ?? 128 + (os.constants.signals[signal] ?? 0)));
	});
}

async function main() {
	// Every file loads its modules afresh here, whatever the shell exports (the quick run's loader,
	// test/sharedModules.js, is for npm run test:quick only).
	delete process.env.SMSAPI_JEST_SHARED_MODULES;
	ownRun();
	const provisioned = await step('bash', ['scripts/provision.sh', 'test']);
	if (provisioned !== 0) process.exit(provisioned);
	const jest = require.resolve('jest/bin/jest', { paths: [ROOT] });
	process.exit(await step(process.execPath, [jest, '--maxWorkers=2', ...process.argv.slice(2)]));
}

main();
