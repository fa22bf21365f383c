/**
 * scripts/reaper.js stops what its run started, and nothing else, when the run's owner ends: here
 * the owner is killed with SIGKILL (it can do nothing itself). Its run: a detached process that
 * inherits the run's id, one without the id whose group the harness registered, a child in the
 * owner's own group, and a process in a session of its own without the id under a process of the
 * run (as PostgreSQL's server processes are). Beside them, strangers the reaper must leave alone: a
 * process of another run, one whose id only begins like the run's, and one whose pid the run's
 * state names with another start time (a pid reused). The run's machine-wide lock and registered
 * temporary folder go; another run's lock and a folder outside the harness's names stay.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { processStartTime } from '../e2e/harness/run-ownership';

const ROOT = path.resolve(__dirname, '..', '..');

/** The owner: starts its run and prints what it started, then waits to be killed. */
const OWNER = `
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const { ownRun } = require(${JSON.stringify(path.join(ROOT, 'scripts', 'reaper.js'))});
const [stranger, otherLock, keptDir] = process.argv.slice(1);
const runId = ownRun();
const state = process.env.SMSAPI_TEST_RUN_STATE;
const startOf = (pid) => fs.readFileSync('/proc/' + pid + '/stat', 'utf8').split(') ')[1].split(' ')[19];
const marked = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' });
const registered = spawn('sleep', ['300'], { detached: true, stdio: 'ignore', env: { PATH: process.env.PATH } });
fs.writeFileSync(path.join(state, 'groups', String(registered.pid)), startOf(registered.pid));
fs.writeFileSync(path.join(state, 'groups', stranger), '1');
const child = spawn('sleep', ['300'], { stdio: 'ignore' });
const parent = spawn('sh', ['-c', 'env -i PATH="$PATH" setsid sleep 300 & echo $! > "$0"; wait', path.join(state, 'grandchild')], { detached: true, stdio: 'ignore' });
const lock = fs.mkdtempSync(path.join(require('os').tmpdir(), 'smsapi-e2e-lock-reaper-test-'));
fs.writeFileSync(path.join(lock, 'run'), runId);
fs.writeFileSync(path.join(otherLock, 'run'), 'another-run');
const folder = fs.mkdtempSync(path.join(require('os').tmpdir(), 'smsapi-e2e-reaper-test-'));
fs.mkdirSync(path.join(state, 'dirs'));
fs.writeFileSync(path.join(state, 'dirs', path.basename(folder)), folder);
fs.writeFileSync(path.join(state, 'dirs', path.basename(keptDir)), keptDir);
const waitForGrandchild = () => {
	const file = path.join(state, 'grandchild');
	if (!fs.existsSync(file) || !fs.readFileSync(file, 'utf8').trim()) return setTimeout(waitForGrandchild, 20);
	const grandchild = Number(fs.readFileSync(file, 'utf8'));
	console.log(JSON.stringify({ runId, state, pids: [marked.pid, registered.pid, child.pid, parent.pid, grandchild], lock, folder }));
};
waitForGrandchild();
setInterval(() => undefined, 1000);
`;

const strangers: ChildProcess[] = [];
const made: string[] = [];
/** The run's processes with their start times: stopped here too when the reaper failed to. */
const runProcesses = new Map<number, string | undefined>();

afterAll(() => {
	for (const s of strangers) s.kill('SIGKILL');
	for (const [pid, start] of runProcesses) if (running(pid, start)) process.kill(pid, 'SIGKILL');
	for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

function stranger(env: NodeJS.ProcessEnv): ChildProcess {
	const s = spawn('sleep', ['300'], { detached: true, stdio: 'ignore', env: { PATH: process.env.PATH, ...env } });
	strangers.push(s);
	return s;
}

const running = (pid: number, start: string | undefined) => start !== undefined && processStartTime(pid) === start && !isZombie(pid);
function isZombie(pid: number): boolean {
	try {
		return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].startsWith('Z');
	} catch {
		return true;
	}
}

async function until(what: string, ok: () => boolean, ms: number): Promise<void> {
	const deadline = Date.now() + ms;
	while (!ok()) {
		if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
		await new Promise((r) => setTimeout(r, 100));
	}
}

it('the owner killed: the run’s processes, lock and folder are gone within 15 s; strangers, another run’s lock and other folders stay', async () => {
	const reused = stranger({});
	const otherLock = fs.mkdtempSync(path.join(os.tmpdir(), 'smsapi-e2e-lock-reaper-test-other-'));
	const keptDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reaper-test-kept-'));
	made.push(otherLock, keptDir);
	const owner = spawn(process.execPath, ['-e', OWNER, String(reused.pid), otherLock, keptDir], { stdio: ['ignore', 'pipe', 'inherit'] });
	let out = '';
	owner.stdout!.on('data', (d: Buffer) => (out += d.toString()));
	await until('the owner has started its run', () => out.includes('\n'), 20_000);
	const run = JSON.parse(out) as { runId: string; state: string; pids: number[]; lock: string; folder: string };
	made.push(run.lock, run.folder);
	const others = [stranger({ SMSAPI_TEST_RUN: 'another-run' }), stranger({ SMSAPI_TEST_RUN: `${run.runId}0` }), reused];
	const starts = new Map([...run.pids, ...others.map((s) => s.pid!)].map((pid) => [pid, processStartTime(pid)]));
	for (const pid of run.pids) runProcesses.set(pid, starts.get(pid));
	expect(run.pids.every((pid) => running(pid, starts.get(pid)))).toBe(true);

	const killedAt = Date.now();
	owner.kill('SIGKILL');
	await until('the run’s processes, lock and folder gone', () => run.pids.every((pid) => !running(pid, starts.get(pid))) && !fs.existsSync(run.lock) && !fs.existsSync(run.folder), 15_000);
	expect(Date.now() - killedAt).toBeLessThan(15_000);
	// The reaper has finished (it removes its state folder last): the strangers are still there.
	await until('the reaper done', () => !fs.existsSync(run.state), 15_000);
	expect(others.map((s) => running(s.pid!, starts.get(s.pid!)))).toEqual([true, true, true]);
	expect([fs.existsSync(otherLock), fs.existsSync(keptDir)]).toEqual([true, true]);
}, 40_000);
