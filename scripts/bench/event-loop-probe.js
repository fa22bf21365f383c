/**
 * Loaded into n8n's processes by the bench (NODE_OPTIONS=--require this file, with
 * BENCH_EVENT_LOOP_FILE set). Plain JavaScript without dependencies: it runs on the Node of the
 * n8n line. Its timer is unref'd: it never keeps a process alive. Worker threads of the process
 * (same pid) are left alone. It appends three kinds of lines to that file:
 *
 * - `<epoch ms> <pid> <longest event-loop delay in the last 100 ms, in ms> <longest GC pause>`
 *   every 100 ms: the longest block of any stretch of time in n8n's main process, and the longest
 *   garbage-collection pause V8 reported in those 100 ms (perf_hooks `gc` entries; the entry
 *   arrives after the pause, so look at the neighbouring line too);
 * - `<epoch ms> <pid> block <ms>` for each delay of 50 ms or more, at the time the probe's timer
 *   was due (the block was running then; it may have begun up to 10 ms before);
 * - `<epoch ms> <pid> execute <epoch ms> <node>` when the execute() of the SMSAPI node or of n8n's
 *   No Op node settles: when it was called, and the node's class. A block running at a time inside
 *   that window (the timer's due time) is in a turn the node took; one outside it is n8n's work
 *   around the node (taking the items from the Code node, handing on the output).
 *
 * The delay is how late the probe's own 10 ms timer fires (the loop could not run it sooner), as
 * perf_hooks.monitorEventLoopDelay measures it, but read and cleared in the same callback: the
 * histogram's `reset()` also forgets when it last ticked, so a block that ended just before the
 * probe's reset was not recorded at all (of six blocks of 400 ms in a row, Node 24's histogram
 * read that way kept one).
 */
'use strict';
const fs = require('node:fs');
const Module = require('node:module');
const { PerformanceObserver } = require('node:perf_hooks');
const { isMainThread } = require('node:worker_threads');

const file = process.env.BENCH_EVENT_LOOP_FILE;
const RESOLUTION_MS = 10;
const LINE_EVERY_MS = 100;
const BLOCK_LINE_FROM_MS = 50;
/** The node classes whose execute() windows are recorded: file name ending → exported class. */
const WATCHED = [
	['/dist/nodes/Smsapi/Smsapi.node.js', 'Smsapi'],
	['/dist/nodes/NoOp/NoOp.node.js', 'NoOp'],
];

function append(line) {
	try {
		fs.appendFileSync(file, `${line}\n`);
	} catch {
		// The bench reads what it can; a missing line only loses 100 ms of samples.
	}
}

/** Epoch milliseconds with the monotonic clock's precision. */
const epoch = () => performance.timeOrigin + performance.now();

function watchExecute(exported, name) {
	const prototype = exported?.[name]?.prototype;
	const execute = prototype?.execute;
	if (typeof execute !== 'function' || execute.watchedByProbe) return;
	const watched = async function (...args) {
		const calledAt = epoch();
		try {
			return await execute.apply(this, args);
		} finally {
			append(`${epoch().toFixed(1)} ${process.pid} execute ${calledAt.toFixed(1)} ${name}`);
		}
	};
	watched.watchedByProbe = true;
	prototype.execute = watched;
}

// NODE_OPTIONS reaches n8n's worker threads too (same pid): only the main thread's loop is measured.
if (file && isMainThread) {
	let gcMaxMs = 0;
	new PerformanceObserver((list) => {
		for (const entry of list.getEntries()) if (entry.duration > gcMaxMs) gcMaxMs = entry.duration;
	}).observe({ entryTypes: ['gc'] });
	let lastTick = performance.now();
	let lastLine = Date.now();
	let maxMs = 0;
	const timer = setInterval(() => {
		const now = performance.now();
		const delayMs = now - lastTick - RESOLUTION_MS;
		if (delayMs >= BLOCK_LINE_FROM_MS) append(`${(performance.timeOrigin + lastTick + RESOLUTION_MS).toFixed(1)} ${process.pid} block ${delayMs.toFixed(1)}`);
		maxMs = Math.max(maxMs, delayMs);
		lastTick = now;
		const at = Date.now();
		if (at - lastLine < LINE_EVERY_MS) return;
		lastLine = at;
		const line = `${at} ${process.pid} ${Math.max(0, maxMs).toFixed(1)} ${gcMaxMs.toFixed(1)}`;
		maxMs = 0;
		gcMaxMs = 0;
		append(line);
	}, RESOLUTION_MS);
	timer.unref();
	// n8n loads node packages with require(): the watched classes are wrapped as they load.
	const load = Module._load;
	Module._load = function (request, parent, isMain) {
		const exported = load.apply(this, arguments);
		for (const [ending, name] of WATCHED) {
			// `Smsapi.node` / `NoOp.node`: only such requests are resolved again.
			if (!request.includes(ending.slice(ending.lastIndexOf('/') + 1, -'.js'.length))) continue;
			try {
				if (Module._resolveFilename(request, parent, isMain).endsWith(ending)) watchExecute(exported, name);
			} catch {
				// Not resolvable again: not one of the watched files.
			}
		}
		return exported;
	};
}
