/**
 * The order jest starts test files in (`testSequencer` in jest.config.js).
 *
 * `npm test` runs on two jest workers, and a few real-n8n files take minutes while most take
 * under a second. When a long file starts last, one worker runs it alone at the end while the
 * other idles. Jest's own order (what failed last, then the durations of the last run in its
 * cache, else the file size) has no durations on a new machine or in CI, and the largest files
 * are not the longest: the two topology files are a few lines each.
 *
 * So the long files start first, in the order below; everything else follows in jest's own order.
 * The two topology files (each four n8n processes, PostgreSQL and Redis) are apart in the list, so
 * that one mostly runs beside the lighter real-n8n files rather than beside the other: side by side
 * they starve each other's workers of CPU, and their 2,000-report bursts take turns anyway
 * (withMachineLock). The seconds are each file's share of a full run (2 workers, 2 cores).
 */
const Sequencer = require('@jest/test-sequencer').default;

const LONG_FILES_IN_ORDER = [
	'test/e2e/topology-line2.test.ts', // ~170 s
	'test/e2e/trigger.test.ts', // ~100 s
	'test/e2e/installed-package.test.ts', // ~90 s (REST and the editor in Chromium)
	'test/e2e/topology-line1.test.ts', // ~155 s
	'test/e2e/unsaved-success.test.ts', // ~155 s (queue mode on both lines, one after the other)
	'test/e2e/approval.test.ts', // ~225 s (a phone's browser through the short link, both lines; it started last in CI)
	'test/e2e/registry.test.ts', // ~65 s
	'test/e2e/interrupted-run.test.ts', // ~80 s (five short npm test runs interrupted, one in a topology)
	'test/e2e/send-and-wait.test.ts', // ~65 s (n8n restarts once; a time limit runs out)
	'test/e2e/demo.test.ts', // ~25 s
	'test/e2e/expression-parity.test.ts', // ~20 s
	'test/package/scan.test.ts', // ~20 s
	'test/operations/sms/send.batching.engine.test.ts', // ~10 s (1,000-item workflows)
];

class LongFilesFirstSequencer extends Sequencer {
	sort(tests) {
		const ordered = super.sort(tests);
		const rank = (test) => {
			const relative = test.path
				.slice(test.context.config.rootDir.length + 1)
				.split('\\')
				.join('/');
			const at = LONG_FILES_IN_ORDER.indexOf(relative);
			return at === -1 ? LONG_FILES_IN_ORDER.length : at;
		};
		// Array.prototype.sort is stable: the other files keep jest's order among themselves.
		return [...ordered].sort((a, b) => rank(a) - rank(b));
	}
}

module.exports = LongFilesFirstSequencer;
