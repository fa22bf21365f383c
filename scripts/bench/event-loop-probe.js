/**
 * Loaded into n8n's processes by the bench (NODE_OPTIONS=--require this file, with
 * BENCH_EVENT_LOOP_FILE set): every 100 ms it appends `<epoch ms> <pid> <longest event-loop delay
 * in the last 100 ms, in ms>` to that file (perf_hooks.monitorEventLoopDelay), so the bench can
 * read the longest block of any stretch of time in n8n's main process; a fourth column is the
 * longest garbage-collection pause V8 reported in those 100 ms (perf_hooks `gc` entries; the
 * entry arrives after the pause, so look at the neighbouring line too). Plain JavaScript without
 * dependencies: it runs on the Node of the n8n line. Its own timer is unref'd: it never keeps a
 * process alive. Worker threads of the process (same pid) are left alone.
 */
'use strict';
const fs = require('node:fs');
const { monitorEventLoopDelay, PerformanceObserver } = require('node:perf_hooks');

const { isMainThread } = require('node:worker_threads');

const file = process.env.BENCH_EVENT_LOOP_FILE;
// NODE_OPTIONS reaches n8n's worker threads too (same pid): only the main thread's loop is measured.
if (file && isMainThread) {
	const histogram = monitorEventLoopDelay({ resolution: 10 });
	histogram.enable();
	let gcMaxMs = 0;
	new PerformanceObserver((list) => {
		for (const entry of list.getEntries()) if (entry.duration > gcMaxMs) gcMaxMs = entry.duration;
	}).observe({ entryTypes: ['gc'] });
	const timer = setInterval(() => {
		const maxMs = histogram.max / 1e6;
		const gcMs = gcMaxMs;
		histogram.reset();
		gcMaxMs = 0;
		try {
			fs.appendFileSync(file, `${Date.now()} ${process.pid} ${maxMs.toFixed(1)} ${gcMs.toFixed(1)}\n`);
		} catch {
			// The bench reads what it can; a missing line only loses 100 ms of samples.
		}
	}, 100);
	timer.unref();
}
