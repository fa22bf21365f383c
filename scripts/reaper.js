#!/usr/bin/env node
/**
 * The reaper of one test run: whatever the run started is stopped when the run ends, however it
 * ends (its last test, Ctrl-C, SIGTERM to its process group, a crash).
 *
 * The servers of the tests (n8n, Redis, PostgreSQL, Verdaccio) run detached, in process groups of
 * their own: a terminal's Ctrl-C or CI's SIGTERM to the run's group does not reach them, and a
 * jest worker that dies runs no afterAll. So the owner of the run (scripts/test-run.js for
 * `npm test`, else jest's parent process: test/globalSetup.js) starts this process, detached too,
 * with a pipe on its stdin that only the owner holds. The pipe closes when the owner ends, by any
 * means; then the reaper stops, with SIGTERM and after 3 s SIGKILL:
 * - every process whose environment carries the run's id (SMSAPI_TEST_RUN=<id>: every process the
 *   run starts inherits it; the harness adds it where it hands a child an environment of its own),
 *   and the whole process group of such a process when it leads one;
 * - every process group the harness registered in the run's state folder (`groups/<pgid>` holding
 *   the start time of its leader): PostgreSQL overwrites its environment with its process title;
 * - the descendants of all these (PostgreSQL's server processes each start a session of their own);
 * then removes the machine-wide locks the run held (withMachineLock), the temporary folders the
 * harness registered (n8n's user folders, PostgreSQL's data, ...) and the state folder.
 * Nothing else is touched: a registered group whose leader is another process now (its pid was
 * reused: the start time differs) is left alone, and with its leader gone only the members that
 * carry the run's id are stopped. A run started inside a run (a test of the runs themselves) has an
 * id and a reaper of its own.
 *
 * `node scripts/reaper.js <run id> <state folder>` is the reaper; require() gives ownRun() and ensureRunOwner().
 */
'use strict';
const { spawn } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');

/** The run's id, in the environment of everything the run starts. */
const RUN_ID_VAR = 'SMSAPI_TEST_RUN';
/** The run's state folder (registered process groups). */
const RUN_STATE_VAR = 'SMSAPI_TEST_RUN_STATE';
/** The pid of the process that owns the run (and holds its reaper's pipe). */
const RUN_OWNER_VAR = 'SMSAPI_TEST_RUN_OWNER';
/** Where withMachineLock() keeps its locks: `<tmp>/smsapi-e2e-lock-<name>/run` names the run. */
const LOCK_PREFIX = 'smsapi-e2e-lock-';

const GRACE_MS = 3_000;
/** How a reaper is recognised (a run inside a run has a reaper of its own). */
const REAPER_SCRIPT = path.join(__dirname, 'reaper.js');
const GIVE_UP_MS = 12_000;

/**
 * Makes this process the owner of a new run: a new id and state folder in process.env, inherited
 * by everything started afterwards, and a reaper that acts when this process ends. Returns the id.
 */
function ownRun() {
	const runId = `${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
	const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smsapi-test-run-'));
	fs.mkdirSync(path.join(stateDir, 'groups'));
	const env = { ...process.env };
	// The reaper carries no run id: no reaper, of this run or an outer one, stops it.
	for (const name of [RUN_ID_VAR, RUN_STATE_VAR, RUN_OWNER_VAR]) delete env[name];
	const log = fs.openSync(path.join(stateDir, 'reaper.log'), 'a');
	const reaper = spawn(process.execPath, [__filename, runId, stateDir], { detached: true, stdio: ['pipe', log, log], env });
	fs.closeSync(log);
	// The pipe is this process's only tie to the reaper; neither keeps this process alive.
	reaper.stdin.on('error', () => undefined);
	reaper.stdin.unref();
	reaper.unref();
	process.env[RUN_ID_VAR] = runId;
	process.env[RUN_STATE_VAR] = stateDir;
	process.env[RUN_OWNER_VAR] = String(process.pid);
	return runId;
}

/** ownRun(), unless this process owns its run already or its parent does (jest under scripts/test-run.js). */
function ensureRunOwner() {
	const owner = process.env[RUN_OWNER_VAR];
	if (process.env[RUN_ID_VAR] && (owner === String(process.pid) || owner === String(process.ppid))) return process.env[RUN_ID_VAR];
	return ownRun();
}

// ------------------------------------------------------------------------------------ the reaper

/** pid → { ppid, pgid, start, zombie } of every process (start: clock ticks after boot, field 22). */
function processTable() {
	const table = new Map();
	for (const name of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		try {
			const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			table.set(Number(name), { ppid: Number(fields[1]), pgid: Number(fields[2]), start: fields[19], zombie: fields[0] === 'Z' });
		} catch {
			// ended meanwhile
		}
	}
	return table;
}

function carriesRun(pid, marker) {
	try {
		return fs.readFileSync(`/proc/${pid}/environ`).includes(marker);
	} catch {
		return false;
	}
}

function isReaper(pid) {
	try {
		return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(REAPER_SCRIPT);
	} catch {
		return false;
	}
}

/**
 * The run's processes alive now: `groups`, the process groups to signal as a whole (led by a
 * process of the run, or registered with their leader's start time), and `processes` (pid → start),
 * every process of the run one by one: the members of those groups, every process carrying the
 * run's id, their descendants, and those found in earlier rounds (`known`) that still run. Another
 * run's reaper (a run inside this one) is left to do its own work.
 */
function findTargets(runId, stateDir, known) {
	const marker = Buffer.from(`${RUN_ID_VAR}=${runId}\0`);
	const table = processTable();
	const groups = new Set();
	const processes = new Map();
	const runs = (pid) => table.has(pid) && !table.get(pid).zombie;
	for (const [pid, p] of table) {
		if (pid === process.pid || p.zombie || !carriesRun(pid, marker)) continue;
		processes.set(pid, p.start);
		if (p.pgid === pid) groups.add(pid);
	}
	let registered = [];
	try {
		registered = fs.readdirSync(path.join(stateDir, 'groups'));
	} catch {
		// none
	}
	for (const name of registered) {
		const pgid = Number(name);
		let leaderStart = '';
		try {
			leaderStart = fs.readFileSync(path.join(stateDir, 'groups', name), 'utf8').trim();
		} catch {
			continue;
		}
		const leader = table.get(pgid);
		if (leader && leader.start === leaderStart && leader.pgid === pgid) groups.add(pgid);
	}
	for (const [pid, start] of known) if (runs(pid) && table.get(pid).start === start) processes.set(pid, start);
	for (const [pid, p] of table) if (groups.has(p.pgid) && !p.zombie) processes.set(pid, p.start);
	// Their descendants are the run's too, in whatever group (PostgreSQL's server processes each
	// start a session of their own).
	const children = new Map();
	for (const [pid, p] of table) children.set(p.ppid, [...(children.get(p.ppid) ?? []), pid]);
	const queue = [...processes.keys()];
	while (queue.length > 0) {
		for (const child of children.get(queue.pop()) ?? []) {
			if (child === process.pid || processes.has(child) || !runs(child) || isReaper(child)) continue;
			processes.set(child, table.get(child).start);
			queue.push(child);
		}
	}
	return { groups: [...groups].filter((pgid) => [...processes.keys()].some((pid) => table.get(pid).pgid === pgid)), processes };
}

function signal(targets, sig) {
	for (const pgid of targets.groups) {
		try {
			process.kill(-pgid, sig);
		} catch {
			// gone
		}
	}
	for (const pid of targets.processes.keys()) {
		try {
			process.kill(pid, sig);
		} catch {
			// gone
		}
	}
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (msg) => process.stdout.write(`[reaper ${new Date().toISOString()}] ${msg}\n`);

/** Removes the machine-wide locks (withMachineLock) that this run holds. */
function releaseLocks(runId) {
	const tmp = os.tmpdir();
	for (const name of fs.readdirSync(tmp)) {
		if (!name.startsWith(LOCK_PREFIX)) continue;
		try {
			if (fs.readFileSync(path.join(tmp, name, 'run'), 'utf8').trim() !== runId) continue;
			fs.rmSync(path.join(tmp, name), { recursive: true, force: true });
			say(`released the lock ${name}`);
		} catch {
			// not this run's, or released meanwhile
		}
	}
}

/** Removes the temporary folders the harness registered (`dirs/<name>`: n8n's user folders, PostgreSQL's data, ...). */
function removeTempDirs(stateDir) {
	let names = [];
	try {
		names = fs.readdirSync(path.join(stateDir, 'dirs'));
	} catch {
		return; // none
	}
	for (const name of names) {
		const dir = fs.readFileSync(path.join(stateDir, 'dirs', name), 'utf8');
		// Only the harness's own temporary folders, whatever the file says.
		if (path.dirname(dir) !== os.tmpdir() || !path.basename(dir).startsWith('smsapi-e2e-')) continue;
		fs.rmSync(dir, { recursive: true, force: true });
		say(`removed ${dir}`);
	}
}

async function reap(runId, stateDir) {
	const started = Date.now();
	/** Every process found so far (pid → start): one whose parent died is still known as the run's. */
	const known = new Map();
	/** SIGTERM first (n8n, PostgreSQL and Redis shut down cleanly), SIGKILL after GRACE_MS. */
	const termed = new Set();
	for (;;) {
		const targets = findTargets(runId, stateDir, known);
		for (const [pid, start] of targets.processes) known.set(pid, start);
		if (targets.processes.size === 0) break;
		if (Date.now() - started > GIVE_UP_MS) {
			say(`giving up, left: ${[...targets.processes.keys()].join(' ')}`);
			break;
		}
		const late = Date.now() - started > GRACE_MS;
		const key = (pid) => `${pid}:${targets.processes.get(pid)}`;
		const fresh = [...targets.processes.keys()].filter((pid) => !termed.has(key(pid)));
		if (late || fresh.length > 0) {
			const sig = late ? 'SIGKILL' : 'SIGTERM';
			const groups = late ? targets.groups : targets.groups.filter((pgid) => !termed.has(`group ${pgid}`));
			const now = late ? targets : { groups, processes: new Map(fresh.map((pid) => [pid, targets.processes.get(pid)])) };
			say(`${sig}: groups ${now.groups.join(' ') || '-'}; processes ${[...now.processes.keys()].join(' ')}`);
			signal(now, sig);
			for (const pid of now.processes.keys()) termed.add(key(pid));
			for (const pgid of now.groups) termed.add(`group ${pgid}`);
		}
		await sleep(100);
	}
	releaseLocks(runId);
	removeTempDirs(stateDir);
	say(`done in ${Date.now() - started} ms`);
	if (process.env.SMSAPI_TEST_RUN_KEEP_STATE !== '1') fs.rmSync(stateDir, { recursive: true, force: true });
}

function main() {
	const [runId, stateDir] = process.argv.slice(2);
	if (!runId || !stateDir) {
		process.stderr.write('usage: node scripts/reaper.js <run id> <state folder> (stdin: the owner\'s pipe)\n');
		process.exit(2);
	}
	// Detached: no terminal's signals reach it; these are ignored in case someone sends them.
	for (const sig of ['SIGINT', 'SIGHUP']) process.on(sig, () => undefined);
	let reaping;
	const start = () => {
		reaping ??= reap(runId, stateDir).then(() => process.exit(0));
	};
	process.stdin.on('end', start);
	process.stdin.on('close', start);
	process.stdin.on('error', start);
	process.stdin.resume();
}

if (require.main === module) main();

module.exports = { ownRun, ensureRunOwner, RUN_ID_VAR, RUN_STATE_VAR, RUN_OWNER_VAR, LOCK_PREFIX };
