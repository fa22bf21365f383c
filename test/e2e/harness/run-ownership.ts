/**
 * The harness's part in the clean-up of an interrupted run (scripts/reaper.js stops what the run
 * started when its owner ends): a detached child's process group is registered with the run's
 * reaper while it lives, and a child given an environment of its own still carries the run's id.
 * Outside a run with a reaper (no SMSAPI_TEST_RUN_STATE) both are no-ops.
 */
import type { ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

/** Names of scripts/reaper.js (keep both in step). */
const RUN_ID_VAR = 'SMSAPI_TEST_RUN';
const RUN_STATE_VAR = 'SMSAPI_TEST_RUN_STATE';

/** `env` plus the run's id, for a child that does not inherit process.env. */
export function withRunId(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
	const runId = process.env[RUN_ID_VAR];
	return runId ? { ...env, [RUN_ID_VAR]: runId } : env;
}

/** The run's id (undefined outside a run with a reaper). */
export function currentRunId(): string | undefined {
	return process.env[RUN_ID_VAR];
}

/** Start time of a process (clock ticks after boot, /proc/<pid>/stat field 22): a pid with its start names one process. */
export function processStartTime(pid: number): string | undefined {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
	} catch {
		return undefined;
	}
}

function groupFile(child: ChildProcess): string | undefined {
	const dir = process.env[RUN_STATE_VAR];
	return dir && child.pid !== undefined ? path.join(dir, 'groups', String(child.pid)) : undefined;
}

/** Registers the process group a detached child leads (its pid), until unregisterGroup(). */
export function registerGroup(child: ChildProcess): void {
	const file = groupFile(child);
	const start = child.pid === undefined ? undefined : processStartTime(child.pid);
	if (!file || !start) return;
	try {
		fs.writeFileSync(file, start);
	} catch {
		// the run's state folder is gone: its reaper has ended
	}
}

/** Called once the group is stopped (nothing of it is left to stop). */
export function unregisterGroup(child: ChildProcess): void {
	const file = groupFile(child);
	if (file) fs.rmSync(file, { force: true });
}

function dirFile(dir: string): string | undefined {
	const state = process.env[RUN_STATE_VAR];
	return state ? path.join(state, 'dirs', path.basename(dir)) : undefined;
}

/**
 * Registers a temporary folder (under the OS temp folder, named `smsapi-e2e-*`) that the reaper
 * removes when the run is interrupted, until unregisterTempDir(). Not with SMSAPI_E2E_KEEP=1.
 */
export function registerTempDir(dir: string): void {
	const file = dirFile(dir);
	if (!file || process.env.SMSAPI_E2E_KEEP === '1') return;
	try {
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(file, dir);
	} catch {
		// the run's state folder is gone: its reaper has ended
	}
}

/** Called once the folder is removed (or kept on purpose). */
export function unregisterTempDir(dir: string): void {
	const file = dirFile(dir);
	if (file) fs.rmSync(file, { force: true });
}
