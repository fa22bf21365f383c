/**
 * A migrated, empty SQLite database per n8n version, made once and copied into every new user
 * folder: n8n's first command in a fresh folder otherwise runs all its migrations (3–6 s on this
 * machine, once per instance). The template is made by n8n itself (`n8n list:workflow` in a
 * throw-away folder, which migrates and lists nothing) with the instances' own environment and
 * fixed encryption key, so a copy is exactly what that first command would have left.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { E2E_WORK_DIR } from './config';
import type { N8nLine } from './lines';
import { N8nCli } from './n8n-cli';
import { n8nEnv } from './n8n-env';
import type { InstanceLog } from './n8n-log';
import { uniqueFreePort } from './proc';

const DATABASE_FILE = 'database.sqlite';

function templateDir(line: N8nLine): string {
	return path.join(E2E_WORK_DIR, 'db-templates', `n8n-${line.version}-sqlite`);
}

/** The database files of a folder (the file and SQLite's -wal/-shm beside it, when present). */
function databaseFiles(dir: string): string[] {
	return fs.readdirSync(dir).filter((name) => name === DATABASE_FILE || name.startsWith(`${DATABASE_FILE}-`));
}

async function makeTemplate(line: N8nLine, log: InstanceLog): Promise<string> {
	const target = templateDir(line);
	const scratch = fs.mkdtempSync(path.join(os.tmpdir(), `smsapi-e2e-template-n8n${line.line}-`));
	try {
		const port = await uniqueFreePort();
		const cli = new N8nCli(line, scratch, () => n8nEnv({ line, userFolder: scratch, port, extra: {} }), log);
		await cli.run(['list:workflow']);
		const made = path.join(scratch, '.n8n');
		if (!fs.existsSync(path.join(made, DATABASE_FILE))) throw new Error(`n8n ${line.version} made no ${DATABASE_FILE} in ${made}`);
		const staging = `${target}.${process.pid}.${Date.now()}`;
		fs.mkdirSync(staging, { recursive: true });
		for (const name of databaseFiles(made)) fs.copyFileSync(path.join(made, name), path.join(staging, name));
		try {
			fs.renameSync(staging, target);
		} catch {
			// Another jest worker made it meanwhile: theirs is the same.
			fs.rmSync(staging, { recursive: true, force: true });
		}
		return target;
	} finally {
		fs.rmSync(scratch, { recursive: true, force: true });
	}
}

/** Puts a migrated empty database into `<userFolder>/.n8n` (making the template first if needed). */
export async function seedMigratedDatabase(line: N8nLine, userFolder: string, log: InstanceLog): Promise<void> {
	let dir = templateDir(line);
	if (!fs.existsSync(path.join(dir, DATABASE_FILE))) dir = await makeTemplate(line, log);
	const into = path.join(userFolder, '.n8n');
	fs.mkdirSync(into, { recursive: true });
	for (const name of databaseFiles(dir)) fs.copyFileSync(path.join(dir, name), path.join(into, name));
	log.append('main', `\n===== database: a copy of the migrated empty database ${dir}\n`);
}
