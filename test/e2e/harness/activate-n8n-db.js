'use strict';
// Activates (2.x: publishes) workflows in n8n's database before n8n starts, in one transaction:
// what n8n's own `update:workflow --active=true` (1.x) and `publish:workflow` (2.x) write, that
// is `active = true, activeVersionId = versionId` (WorkflowRepository.updateActiveState /
// publishVersion), for all given workflows at once instead of one n8n CLI start (about 4 s) each.
// Like those commands it refuses an unknown id, an archived workflow and (when n8n keeps a
// version history) a current version missing from it. Runs on Node 24; the database is opened by
// n8n-db.js (SQLite with node:sqlite, PostgreSQL with the `pg` package of that n8n install).
//
// Usage: node activate-n8n-db.js <database.sqlite | postgres://user:pw@host:port/db> <n8n package dir> <id> [<id> ...]

const { openN8nDb, runScript } = require('./n8n-db');

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

async function activate() {
	const db = await openN8nDb(dbPath, n8nPackageDir);
	try {
		const cols = await db.columns('workflow_entity');
		const history = await db.hasTable('workflow_history');
		const problems = [];
		for (const id of ids) {
			const [row] = await db.all(`SELECT id, "versionId"${cols.has('isArchived') ? ', "isArchived"' : ''} FROM workflow_entity WHERE id = ?`, [id]);
			const inHistory = row && history
				? (await db.all('SELECT 1 FROM workflow_history WHERE "workflowId" = ? AND "versionId" = ?', [id, row.versionId])).length > 0
				: undefined;
			const why = problem(id, row, cols.has('isArchived'), inHistory);
			if (why) problems.push(why);
		}
		if (problems.length > 0) throw new Error(problems.join('; '));
		const set = cols.has('activeVersionId') ? 'active = TRUE, "activeVersionId" = "versionId"' : 'active = TRUE';
		await db.transaction(async () => {
			for (const id of ids) await db.run(`UPDATE workflow_entity SET ${set} WHERE id = ?`, [id]);
		});
	} finally {
		await db.close();
	}
}

runScript(async () => {
	await activate();
	process.stdout.write(`activated ${ids.join(', ')}\n`);
});
