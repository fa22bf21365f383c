'use strict';
// Activates (2.x: publishes) workflows in n8n's database before n8n starts, in one statement:
// what n8n's own `update:workflow --active=true` (1.x) and `publish:workflow` (2.x) write, that
// is `active = true, activeVersionId = versionId` (WorkflowRepository.updateActiveState /
// publishVersion), for all given workflows at once instead of one n8n CLI start (about 4 s) each.
// Like those commands it refuses an unknown id, an archived workflow and (when n8n keeps a
// version history) a current version missing from it. Runs on Node 24 (built-in node:sqlite);
// PostgreSQL is written with the `pg` package of that n8n install.
//
// Usage: node activate-n8n-db.js <database.sqlite | postgres://user:pw@host:port/db> <n8n package dir> <id> [<id> ...]

const [dbPath, n8nPackageDir, ...ids] = process.argv.slice(2);
if (!dbPath || !n8nPackageDir || ids.length === 0) {
	console.error('usage: activate-n8n-db.js <database.sqlite | postgres://...> <n8n package dir> <id> [<id> ...]');
	process.exit(2);
}

/** Why a workflow row cannot be activated, or undefined. */
function problem(id, row, hasArchive, inHistory) {
	if (!row) return `workflow ${id} is not in the database`;
	if (hasArchive && (row.isArchived === 1 || row.isArchived === true)) return `workflow ${id} is archived`;
	if (inHistory === false) return `workflow ${id}: its current version ${row.versionId} is not in workflow_history`;
	return undefined;
}

function activateSqlite() {
	const { DatabaseSync } = require('node:sqlite');
	const db = new DatabaseSync(dbPath, { timeout: 10000 });
	try {
		const cols = new Set(db.prepare('PRAGMA table_info(workflow_entity)').all().map((c) => c.name));
		const history = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'workflow_history'").get();
		const problems = [];
		for (const id of ids) {
			const row = db.prepare(`SELECT id, versionId${cols.has('isArchived') ? ', isArchived' : ''} FROM workflow_entity WHERE id = ?`).get(id);
			const inHistory = row && history
				? Boolean(db.prepare('SELECT 1 FROM workflow_history WHERE workflowId = ? AND versionId = ?').get(id, row.versionId))
				: undefined;
			const why = problem(id, row, cols.has('isArchived'), inHistory);
			if (why) problems.push(why);
		}
		if (problems.length > 0) throw new Error(problems.join('; '));
		const set = cols.has('activeVersionId') ? 'active = 1, activeVersionId = versionId' : 'active = 1';
		db.exec('BEGIN');
		const update = db.prepare(`UPDATE workflow_entity SET ${set} WHERE id = ?`);
		for (const id of ids) update.run(id);
		db.exec('COMMIT');
	} finally {
		db.close();
	}
}

async function activatePostgres() {
	const { Client } = require(require.resolve('pg', { paths: [n8nPackageDir] }));
	const client = new Client({ connectionString: dbPath, connectionTimeoutMillis: 5000, statement_timeout: 20000 });
	await client.connect();
	try {
		const columns = await client.query(
			"SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'workflow_entity'",
		);
		const cols = new Set(columns.rows.map((c) => c.column_name));
		const history = await client.query("SELECT 1 FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'workflow_history'");
		const problems = [];
		for (const id of ids) {
			const res = await client.query(
				`SELECT id, "versionId"${cols.has('isArchived') ? ', "isArchived"' : ''} FROM workflow_entity WHERE id = $1`,
				[id],
			);
			const row = res.rows[0];
			const inHistory = row && history.rows.length > 0
				? (await client.query('SELECT 1 FROM workflow_history WHERE "workflowId" = $1 AND "versionId" = $2', [id, row.versionId])).rows.length > 0
				: undefined;
			const why = problem(id, row, cols.has('isArchived'), inHistory);
			if (why) problems.push(why);
		}
		if (problems.length > 0) throw new Error(problems.join('; '));
		const set = cols.has('activeVersionId') ? 'active = true, "activeVersionId" = "versionId"' : 'active = true';
		await client.query(`UPDATE workflow_entity SET ${set} WHERE id = ANY($1)`, [ids]);
	} finally {
		await client.end();
	}
}

(async () => {
	if (/^postgres(ql)?:\/\//.test(dbPath)) await activatePostgres();
	else activateSqlite();
	process.stdout.write(`activated ${ids.join(', ')}\n`);
})().catch((e) => {
	console.error(e && e.stack ? e.stack : String(e));
	process.exit(1);
});
