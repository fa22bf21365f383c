'use strict';
// n8n's database for the harness's standalone scripts (read-n8n-db.js, activate-n8n-db.js), which
// run on Node 24 for either n8n line: a SQLite file through Node's built-in node:sqlite, or a
// PostgreSQL URL through the `pg` package of the n8n install. One small interface for both, so that
// each script writes its queries once:
//   all(sql, params)   the rows; `?` placeholders, identifiers in double quotes, TRUE/FALSE literals
//                      (valid in both dialects)
//   run(sql, params)   a statement without rows
//   columns(table)     the table's column names (they differ between n8n lines)
//   hasTable(table)
//   transaction(fn)    fn() inside BEGIN … COMMIT (ROLLBACK when it throws)
//   lost()             the error that broke the connection while idle (PostgreSQL), else undefined:
//                      a handle kept open between reads (read-n8n-db.js) is then reopened
//   close()

function isPostgresUrl(source) {
	return /^postgres(ql)?:\/\//.test(source);
}

/** `?` placeholders as PostgreSQL's `$1, $2, …`. */
function numberedPlaceholders(sql) {
	let n = 0;
	return sql.replace(/\?/g, () => `$${++n}`);
}

async function openPostgres(url, n8nPackageDir) {
	const { Client } = require(require.resolve('pg', { paths: [n8nPackageDir] }));
	const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000, statement_timeout: 20000 });
	// A connection that breaks while idle (PostgreSQL stopped, the backend terminated) is reported
	// as an 'error' event, which would end the process if nobody listened.
	let lostWith;
	client.on('error', (e) => {
		lostWith = e;
	});
	await client.connect();
	const all = async (sql, params = []) => (await client.query(numberedPlaceholders(sql), params)).rows;
	return {
		all,
		run: async (sql, params = []) => {
			await all(sql, params);
		},
		columns: async (table) =>
			new Set(
				(await all("SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ?", [table])).map(
					(c) => c.column_name,
				),
			),
		hasTable: async (table) =>
			(await all("SELECT 1 FROM information_schema.tables WHERE table_schema = 'public' AND table_name = ?", [table])).length > 0,
		transaction: async (fn) => {
			await client.query('BEGIN');
			try {
				await fn();
				await client.query('COMMIT');
			} catch (e) {
				await client.query('ROLLBACK');
				throw e;
			}
		},
		lost: () => lostWith,
		close: () => client.end(),
	};
}

function openSqlite(file, readOnly) {
	const { DatabaseSync } = require('node:sqlite');
	const db = new DatabaseSync(file, { readOnly, timeout: readOnly ? 5000 : 10000 });
	const all = async (sql, params = []) => db.prepare(sql).all(...params);
	return {
		all,
		run: async (sql, params = []) => {
			db.prepare(sql).run(...params);
		},
		columns: async (table) => new Set(db.prepare(`PRAGMA table_info("${table}")`).all().map((c) => c.name)),
		hasTable: async (table) => Boolean(db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table)),
		transaction: async (fn) => {
			db.exec('BEGIN');
			try {
				await fn();
				db.exec('COMMIT');
			} catch (e) {
				db.exec('ROLLBACK');
				throw e;
			}
		},
		lost: () => undefined,
		close: async () => db.close(),
	};
}

/** Opens `source` (a database.sqlite path or a postgres:// URL) of the n8n installed in `n8nPackageDir`. */
async function openN8nDb(source, n8nPackageDir, { readOnly = false } = {}) {
	return isPostgresUrl(source) ? openPostgres(source, n8nPackageDir) : openSqlite(source, readOnly);
}

/** Runs `main(args)` as the script's body: exit 1 with the stack on an error. */
function runScript(main) {
	Promise.resolve()
		.then(main)
		.catch((e) => {
			console.error(e && e.stack ? e.stack : String(e));
			process.exit(1);
		});
}

module.exports = { openN8nDb, runScript };
