/** What the bench measures besides time: n8n's memory, the emulator's load counters, medians. */
import * as fs from 'node:fs';

import type { Emulator } from '../../test/emulator';
import type { LoadCounters } from '../../test/emulator/load';

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Resident memory of a process in MB (Linux /proc), or NaN when it cannot be read. */
export function rssMb(pid: number): number {
	try {
		const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
		const match = /VmRSS:\s+(\d+) kB/.exec(status);
		return match ? Number(match[1]) / 1024 : NaN;
	} catch {
		return NaN;
	}
}

/** Samples a process's RSS every `everyMs` while `work` runs: the peak, and the RSS before. */
export async function withPeakRss<T>(pid: number, work: () => Promise<T>, everyMs = 50): Promise<{ value: T; before: number; peak: number }> {
	const before = rssMb(pid);
	let peak = before;
	const timer = setInterval(() => {
		const now = rssMb(pid);
		if (now > peak) peak = now;
	}, everyMs);
	try {
		const value = await work();
		const after = rssMb(pid);
		if (after > peak) peak = after;
		return { value, before, peak };
	} finally {
		clearInterval(timer);
	}
}

export async function loadCounters(emulator: Emulator): Promise<LoadCounters> {
	const res = await fetch(`${emulator.controlUrl}/load`, { signal: AbortSignal.timeout(10_000) });
	return (await res.json()) as LoadCounters;
}

/** A fresh emulator state for one run: seeds back, counters cleared, credits enough for any run. */
export async function freshEmulator(emulator: Emulator): Promise<void> {
	emulator.reset();
	emulator.state.account.points = 1e9;
	await fetch(`${emulator.controlUrl}/load`, { method: 'DELETE', signal: AbortSignal.timeout(10_000) });
}

/** Messages the emulator accepted since the last freshEmulator(). */
export function acceptedMessages(emulator: Emulator): number {
	return emulator.state.messages.length;
}

/**
 * CPU seconds a process has used, all its threads (Linux /proc/<pid>/stat: utime + stime). Against
 * a run's time it tells work from waiting for a core on a busy machine.
 */
export function cpuSeconds(pid: number): number {
	try {
		const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
		return (Number(fields[11]) + Number(fields[12])) / 100;
	} catch {
		return NaN;
	}
}

/** Waits until the process uses less than 10% of a core over a second (at most `timeoutMs`). */
export async function waitIdle(pid: number, timeoutMs: number): Promise<void> {
	const until = Date.now() + timeoutMs;
	let last = cpuSeconds(pid);
	while (Date.now() < until) {
		await new Promise((resolve) => setTimeout(resolve, 1000));
		const now = cpuSeconds(pid);
		if (!(now - last >= 0.1)) return;
		last = now;
	}
}

/** One line of scripts/bench/event-loop-probe.js: the 100 ms before `at` (epoch ms). */
interface ProbeSample {
	at: number;
	/** The longest event-loop delay in it. */
	ms: number;
	/** The longest garbage-collection pause V8 reported in it (NaN in lines without one). */
	gcMs: number;
}

/** The lines the probe has written so far (none when it has written nothing yet). */
function probeLines(file: string): string[] {
	try {
		return fs.readFileSync(file, 'utf8').split('\n');
	} catch {
		return [];
	}
}

/**
 * The probe's samples of process `pid` between `from` and `to` (epoch ms), in order; empty when
 * there are none. A line covers the 100 ms before it and its block (the probe's timer waited for
 * it): a line written after `to` counts when that stretch began by `to`, so that a block that ends
 * the run counts, and the start of the next run (n8n's work on its items) does not.
 */
function probeSamples(file: string, pid: number, from: number, to: number): ProbeSample[] {
	const samples: ProbeSample[] = [];
	for (const line of probeLines(file)) {
		const [at, linePid, ms, gcMs] = line.split(' ').map(Number);
		// The `block` and `execute` lines have a word in the third column.
		if (linePid === pid && Number.isFinite(ms) && at >= from && at - 100 - ms <= to) samples.push({ at, ms, gcMs: gcMs ?? NaN });
	}
	return samples;
}

/**
 * Waits (at most 3 s) until the probe has written a line for process `pid` covering time `to`:
 * a block that ends a run is only written after it.
 */
export async function probeCaughtUp(file: string, pid: number, to: number): Promise<void> {
	const until = Date.now() + 3_000;
	while (Date.now() < until && probeSamples(file, pid, to + 100, Number.POSITIVE_INFINITY).length === 0) {
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

/** Index of the sample with the longest block; -1 when there is none. */
function longestAt(samples: ProbeSample[]): number {
	let at = -1;
	samples.forEach((sample, index) => {
		if (at === -1 || sample.ms > samples[at].ms) at = index;
	});
	return at;
}

/** The longest event-loop delay of process `pid` between `from` and `to`; NaN when there are no samples. */
export function longestEventLoopBlockMs(file: string, pid: number, from: number, to: number): number {
	const samples = probeSamples(file, pid, from, to);
	const at = longestAt(samples);
	return at === -1 ? NaN : samples[at].ms;
}

/**
 * The longest garbage-collection pause V8 reported around the longest event-loop block of the
 * stretch (its 100 ms line and the neighbouring ones: the probe gets the pause's entry after it):
 * when it is about as long as the block, the block was n8n's garbage collector, not code.
 */
export function gcPauseAtLongestBlockMs(file: string, pid: number, from: number, to: number): number {
	const samples = probeSamples(file, pid, from, to);
	const at = longestAt(samples);
	if (at === -1) return NaN;
	const pauses = samples
		.slice(Math.max(0, at - 1), at + 2)
		.map((sample) => sample.gcMs)
		.filter(Number.isFinite);
	return pauses.length === 0 ? NaN : Math.max(...pauses);
}

/**
 * Where in a run the longest event-loop block fell, against when the service accepted the run's
 * messages (the emulator's first and last), all in ms from `from`: a block before the first
 * request is n8n's work on the items or the node reading them, one after the last is n8n's work
 * on the node's output.
 */
export function blockTimeline(file: string, pid: number, from: number, to: number, emulator: Emulator): string {
	const samples = probeSamples(file, pid, from, to);
	const at = longestAt(samples);
	if (at === -1) return '';
	let first = NaN;
	let last = NaN;
	for (const message of emulator.state.messages) {
		const accepted = message.statusHistory[0]?.at;
		if (accepted === undefined) continue;
		if (!(accepted >= first)) first = accepted;
		if (!(accepted <= last)) last = accepted;
	}
	const { at: blockAt, ms } = samples[at];
	const execute = executeWindows(file, pid, from, to)
		.map((w) => `; ${w.node}.execute() +${(w.calledAt - from).toFixed(0)}…+${(w.settledAt - from).toFixed(0)} ms, longest block in it ${w.longestBlockMs.toFixed(0)} ms`)
		.join('');
	return `block of ${ms.toFixed(0)} ms in the 100 ms before +${blockAt - from} ms; messages accepted +${first - from}…+${last - from} ms; answered +${to - from} ms${execute}`;
}

/** An execute() of a watched node (event-loop-probe.js) and the blocks of 50 ms or more in it. */
export interface ExecuteWindow {
	node: string;
	/** Epoch ms: execute() called, its promise settled. */
	calledAt: number;
	settledAt: number;
	/** The longest block running at a time inside the window (0: none of 50 ms or more). */
	longestBlockMs: number;
}

/**
 * The execute() windows of process `pid` called between `from` and `to` (epoch ms), each with the
 * longest block the probe saw running inside it (its timer due between the call and the settling):
 * a block of the node's own turns, or of a turn it shares with n8n's code that calls it or takes
 * its output. A block outside every window is n8n's own work around the node.
 */
export function executeWindows(file: string, pid: number, from: number, to: number): ExecuteWindow[] {
	const windows: ExecuteWindow[] = [];
	const blocks: Array<{ at: number; ms: number }> = [];
	for (const line of probeLines(file)) {
		const [at, linePid, kind, value, node] = line.split(' ');
		if (Number(linePid) !== pid) continue;
		if (kind === 'block') blocks.push({ at: Number(at), ms: Number(value) });
		if (kind === 'execute' && Number(value) >= from && Number(value) <= to)
			windows.push({ node, calledAt: Number(value), settledAt: Number(at), longestBlockMs: 0 });
	}
	for (const window of windows)
		for (const block of blocks)
			if (block.at >= window.calledAt && block.at <= window.settledAt) window.longestBlockMs = Math.max(window.longestBlockMs, block.ms);
	return windows;
}
