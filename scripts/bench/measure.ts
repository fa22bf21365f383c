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

/** CPU seconds a process has used (Linux /proc/<pid>/stat: utime + stime). */
function cpuSeconds(pid: number): number {
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

/**
 * The longest event-loop delay of process `pid` between `from` and `to` (epoch ms), from the
 * lines scripts/bench/event-loop-probe.js appended to `file`; NaN when there are none. A sample
 * covers the 100 ms before its time, and a block that ends a stretch is written just after it.
 */
/**
 * The longest garbage-collection pause V8 reported around the longest event-loop block of the
 * stretch (its 100 ms line and the neighbouring ones: the probe gets the pause's entry after it):
 * when it is about as long as the block, the block was n8n's garbage collector, not code.
 */
export function gcPauseAtLongestBlockMs(file: string, pid: number, from: number, to: number): number {
	let lines: number[][] = [];
	try {
		lines = fs
			.readFileSync(file, 'utf8')
			.split('\n')
			.map((line) => line.split(' ').map(Number))
			.filter(([at, linePid]) => linePid === pid && at >= from && at <= to + 1_000);
	} catch {
		return NaN;
	}
	let at = -1;
	lines.forEach(([, , ms], index) => {
		if (at === -1 || ms > lines[at][2]) at = index;
	});
	if (at === -1) return NaN;
	const around = lines.slice(Math.max(0, at - 1), at + 2).map((line) => line[3] ?? NaN);
	return around.reduce((longest, ms) => (ms > longest ? ms : longest), around[0]);
}

/**
 * Where in a run the longest event-loop block fell, against when the service accepted the run's
 * messages (the emulator's first and last), all in ms from `from`: a block before the first
 * request is n8n's work on the items or the node reading them, one after the last is n8n's work
 * on the node's output.
 */
export function blockTimeline(file: string, pid: number, from: number, to: number, emulator: Emulator): string {
	let lines: number[][] = [];
	try {
		lines = fs
			.readFileSync(file, 'utf8')
			.split('\n')
			.map((line) => line.split(' ').map(Number))
			.filter(([at, linePid]) => linePid === pid && at >= from && at <= to + 1_000);
	} catch {
		return '';
	}
	const longest = lines.reduce<number[] | undefined>((best, line) => (best === undefined || line[2] > best[2] ? line : best), undefined);
	const accepted = emulator.state.messages.map((message) => message.statusHistory[0]?.at ?? NaN).filter(Number.isFinite);
	if (!longest) return '';
	const first = accepted.length ? Math.min(...accepted) - from : NaN;
	const last = accepted.length ? Math.max(...accepted) - from : NaN;
	return `block of ${longest[2].toFixed(0)} ms in the 100 ms before +${longest[0] - from} ms; messages accepted +${first}…+${last} ms; answered +${to - from} ms`;
}

export function longestEventLoopBlockMs(file: string, pid: number, from: number, to: number): number {
	let text = '';
	try {
		text = fs.readFileSync(file, 'utf8');
	} catch {
		return NaN;
	}
	let longest = NaN;
	for (const line of text.split('\n')) {
		const [at, linePid, ms] = line.split(' ').map(Number);
		if (linePid !== pid || at < from || at > to + 1_000) continue;
		if (!(ms <= longest)) longest = ms;
	}
	return longest;
}
