'use strict';
// Reads executions from an n8n SQLite database and prints them as JSON on stdout.
// Runs on Node 24 (built-in node:sqlite) for either n8n line, so the tests need no
// native sqlite module of their own.
//
// Usage: node read-n8n-db.js <database.sqlite> <n8n package dir> [afterId] [withData 0|1]
//   afterId: only executions with id > afterId (default 0)
// Execution data is stored by n8n in "flatted" format; it is decoded with the flatted
// package of that n8n install.

const { DatabaseSync } = require('node:sqlite');

const [dbPath, n8nPackageDir, afterIdArg = '0', withDataArg = '1'] = process.argv.slice(2);
if (!dbPath || !n8nPackageDir) {
	console.error('usage: read-n8n-db.js <database.sqlite> <n8n package dir> [afterId] [withData]');
	process.exit(2);
}
const flatted = require(require.resolve('flatted', { paths: [n8nPackageDir] }));
const afterId = Number(afterIdArg) || 0;
const withData = withDataArg !== '0';

const db = new DatabaseSync(dbPath, { readOnly: true, timeout: 5000 });
try {
	// Columns differ between n8n lines (e.g. storedAt is 2.x only): select those present.
	const have = new Set(db.prepare('PRAGMA table_info(execution_entity)').all().map((c) => c.name));
	const wanted = ['id', 'workflowId', 'status', 'finished', 'mode', 'retryOf', 'startedAt', 'stoppedAt', 'waitTill', 'createdAt', 'storedAt'];
	const cols = wanted.map((c) => (have.has(c) ? `e.${c}` : `NULL AS ${c}`)).join(', ');
	const rows = db
		.prepare(
			`SELECT ${cols}, ${withData ? 'd.data, d.workflowData' : 'NULL AS data, NULL AS workflowData'}
			FROM execution_entity e LEFT JOIN execution_data d ON d.executionId = e.id
			WHERE e.id > ? ORDER BY e.id`,
		)
		.all(afterId);
	const out = rows.map((r) => {
		let data = null;
		let dataError;
		if (withData && typeof r.data === 'string') {
			try {
				data = flatted.parse(r.data);
			} catch (e) {
				dataError = `cannot decode execution data: ${e.message}`;
			}
		} else if (withData && r.storedAt && r.storedAt !== 'db') {
			dataError = `execution data is stored in '${r.storedAt}', not in the database`;
		}
		let workflowData = null;
		if (withData && typeof r.workflowData === 'string') {
			try {
				workflowData = JSON.parse(r.workflowData);
			} catch {
				workflowData = null;
			}
		}
		return {
			id: String(r.id),
			workflowId: r.workflowId,
			status: r.status,
			finished: r.finished === 1 || r.finished === true,
			mode: r.mode,
			retryOf: r.retryOf,
			startedAt: r.startedAt,
			stoppedAt: r.stoppedAt,
			waitTill: r.waitTill,
			createdAt: r.createdAt,
			data,
			workflowData,
			...(dataError ? { dataError } : {}),
		};
	});
	process.stdout.write(JSON.stringify(out));
} finally {
	db.close();
}
