'use strict';
// Reads executions from n8n's database (SQLite file or PostgreSQL) and prints them as JSON on stdout.
// Runs on Node 24 for either n8n line, so the tests need no native sqlite module of their own; the
// database is opened by n8n-db.js (SQLite with node:sqlite, PostgreSQL with the install's `pg`).
//
// Usage: node read-n8n-db.js <database.sqlite | postgres://user:pw@host:port/db> <n8n package dir> [afterId] [withData 0|1] [ids]
//   afterId: only executions with id > afterId (default 0)
//   ids:     only these executions (comma-separated), e.g. the data of a few among thousands
// Execution data is stored by n8n in "flatted" format; it is decoded with the flatted
// package of that n8n install.

const { openN8nDb, runScript } = require('./n8n-db');

const [dbPath, n8nPackageDir, afterIdArg = '0', withDataArg = '1', idsArg = ''] = process.argv.slice(2);
if (!dbPath || !n8nPackageDir) {
	console.error('usage: read-n8n-db.js <database.sqlite | postgres://...> <n8n package dir> [afterId] [withData]');
	process.exit(2);
}
const fromN8n = (name) => require(require.resolve(name, { paths: [n8nPackageDir] }));
const flatted = fromN8n('flatted');
const afterId = Number(afterIdArg) || 0;
const withData = withDataArg !== '0';
const ids = idsArg.split(',').map(Number).filter((id) => Number.isInteger(id) && id > 0);
const WANTED = ['id', 'workflowId', 'status', 'finished', 'mode', 'retryOf', 'startedAt', 'stoppedAt', 'waitTill', 'createdAt', 'storedAt'];

function toRecord(r) {
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
	if (withData && r.workflowData) {
		try {
			workflowData = typeof r.workflowData === 'string' ? JSON.parse(r.workflowData) : r.workflowData;
		} catch {
			workflowData = null;
		}
	}
	const when = (v) => (v instanceof Date ? v.toISOString() : v);
	return {
		id: String(r.id),
		workflowId: r.workflowId,
		status: r.status,
		finished: r.finished === 1 || r.finished === true,
		mode: r.mode,
		retryOf: r.retryOf === null || r.retryOf === undefined ? null : String(r.retryOf),
		startedAt: when(r.startedAt),
		stoppedAt: when(r.stoppedAt),
		waitTill: when(r.waitTill),
		createdAt: when(r.createdAt),
		data,
		workflowData,
		...(dataError ? { dataError } : {}),
	};
}

async function read() {
	const db = await openN8nDb(dbPath, n8nPackageDir, { readOnly: true });
	try {
		if (!(await db.hasTable('execution_entity'))) return [];
		// Columns differ between n8n lines (e.g. storedAt is 2.x only): select those present.
		const have = await db.columns('execution_entity');
		const cols = WANTED.map((c) => (have.has(c) ? `e."${c}"` : `NULL AS "${c}"`)).join(', ');
		return await db.all(
			`SELECT ${cols}, ${withData ? 'd."data", d."workflowData"' : 'NULL AS "data", NULL AS "workflowData"'}
			FROM execution_entity e LEFT JOIN execution_data d ON d."executionId" = e.id
			WHERE e.id > ?${ids.length > 0 ? ` AND e.id IN (${ids.map(() => '?').join(', ')})` : ''} ORDER BY e.id`,
			[afterId, ...ids],
		);
	} finally {
		await db.close();
	}
}

runScript(async () => {
	const rows = await read();
	process.stdout.write(JSON.stringify(rows.map(toRecord)));
});
