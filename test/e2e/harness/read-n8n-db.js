'use strict';
// Reads executions from n8n's database (SQLite file or PostgreSQL) as JSON records. Runs on Node 24
// for either n8n line, so the tests need no native sqlite module of their own; the database is
// opened by n8n-db.js (SQLite with node:sqlite, PostgreSQL with the install's `pg`).
//
//   node read-n8n-db.js <database.sqlite | postgres://user:pw@host:port/db> <n8n package dir>
//
// One JSON request per line on stdin, {"id": 1, "afterId": 0, "withData": true, "ids": [3, 4]}
// (afterId: only executions with a greater id; ids: only these, e.g. the data of a few among
// thousands), one JSON answer per line on stdout, {"id": 1, "records": [...]} or
// {"id": 1, "error": "<stack>"}, in the order of the requests (n8n-db-reader.ts sends them). The
// database stays open between requests (a new process per read cost about 40 ms of CPU); it exits
// when stdin ends. JSON escapes line breaks inside strings, so a line is one answer however large.
//
// Execution data is stored by n8n in "flatted" format; it is decoded with the flatted package of
// that n8n install.

const fs = require('fs');
const readline = require('readline');

const { openN8nDb } = require('./n8n-db');

const WANTED = ['id', 'workflowId', 'status', 'finished', 'mode', 'retryOf', 'startedAt', 'stoppedAt', 'waitTill', 'createdAt', 'storedAt'];

function toRecord(r, withData, flatted) {
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

/** The executions with id > afterId (only `ids` when given), oldest first, as records. */
async function readExecutions(db, flatted, { afterId = 0, withData = true, ids = [] }) {
	afterId = Number(afterId) || 0;
	ids = ids.map(Number).filter((id) => Number.isInteger(id) && id > 0);
	if (!(await db.hasTable('execution_entity'))) return [];
	// Columns differ between n8n lines (e.g. storedAt is 2.x only): select those present. Asked
	// every time, as n8n may still be migrating the table when the first reads come.
	const have = await db.columns('execution_entity');
	const cols = WANTED.map((c) => (have.has(c) ? `e."${c}"` : `NULL AS "${c}"`)).join(', ');
	const rows = await db.all(
		`SELECT ${cols}, ${withData ? 'd."data", d."workflowData"' : 'NULL AS "data", NULL AS "workflowData"'}
		FROM execution_entity e LEFT JOIN execution_data d ON d."executionId" = e.id
		WHERE e.id > ?${ids.length > 0 ? ` AND e.id IN (${ids.map(() => '?').join(', ')})` : ''} ORDER BY e.id`,
		[afterId, ...ids],
	);
	return rows.map((r) => toRecord(r, withData, flatted));
}

/** Identity of a SQLite file: when it was replaced, an open handle still reads the old one. */
function fileIdentity(file) {
	const st = fs.statSync(file);
	return `${st.dev}:${st.ino}`;
}

/** Answers requests on stdin one after another, with the database kept open between them. */
function serve(source, n8nPackageDir, flatted) {
	const isFile = !/^postgres(ql)?:\/\//.test(source);
	let db;
	let identity;
	// Not awaited: ending a PostgreSQL connection that already broke may never settle.
	const drop = () => {
		const old = db;
		db = undefined;
		if (old) old.close().catch(() => undefined);
	};
	const answer = async (request) => {
		if (db && isFile && fileIdentity(source) !== identity) drop();
		if (db && db.lost()) drop();
		if (!db) {
			identity = isFile ? fileIdentity(source) : undefined;
			db = await openN8nDb(source, n8nPackageDir, { readOnly: true });
		}
		try {
			// SQLite: each statement outside BEGIN is its own read transaction, so every request
			// sees what n8n committed before it (also in WAL mode).
			return await readExecutions(db, flatted, request);
		} catch (e) {
			// The next request opens the database afresh (e.g. after a lost PostgreSQL connection).
			drop();
			throw e;
		}
	};
	// The tests went away without closing stdin: nobody to answer.
	process.stdout.on('error', () => process.exit(0));
	let queue = Promise.resolve();
	const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
	input.on('line', (line) => {
		if (!line.trim()) return;
		queue = queue.then(async () => {
			let id = null;
			let out;
			try {
				const request = JSON.parse(line);
				id = request.id;
				out = JSON.stringify({ id, records: await answer(request) });
			} catch (e) {
				out = JSON.stringify({ id, error: e && e.stack ? e.stack : String(e) });
			}
			process.stdout.write(`${out}\n`);
		});
	});
	// The tests closed stdin (or ended): finish the requests in hand, close the database, exit.
	input.on('close', () => {
		queue = queue.then(drop);
	});
}

const [dbPath, n8nPackageDir] = process.argv.slice(2);
if (!dbPath || !n8nPackageDir) {
	console.error('usage: read-n8n-db.js <database.sqlite | postgres://...> <n8n package dir>');
	process.exit(2);
}
serve(dbPath, n8nPackageDir, require(require.resolve('flatted', { paths: [n8nPackageDir] })));
