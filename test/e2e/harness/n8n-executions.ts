/**
 * Executions in n8n's database (the SQLite file of the user folder, or PostgreSQL), read by
 * read-n8n-db.js in a child process on Node 24, with their decoded run data.
 */
import * as fs from 'fs';
import * as path from 'path';

import type { N8nLine } from './lines';
import type { InstanceLog } from './n8n-log';
import { postgresUrl, type PostgresConnection } from './postgres';
import { runProcess, waitFor } from './proc';
import type { ExecutionRecord } from './types';

export class ExecutionStore {
	constructor(
		private readonly line: N8nLine,
		private readonly userFolder: string,
		private readonly database: PostgresConnection | undefined,
		private readonly log: InstanceLog,
	) {}

	/** Where the executions are: the SQLite file, or the PostgreSQL URL; undefined before n8n made the file. */
	private source(): string | undefined {
		if (this.database) return postgresUrl(this.database);
		const db = path.join(this.userFolder, '.n8n', 'database.sqlite');
		return fs.existsSync(db) ? db : undefined;
	}

	/** Executions, oldest first, with their decoded data (IRun `data`: `data.resultData.runData[nodeName]`). */
	async executions(opts: { afterId?: string | number; withData?: boolean; ids?: Array<string | number> } = {}): Promise<ExecutionRecord[]> {
		const source = this.source();
		if (!source) return [];
		const script = path.join(__dirname, 'read-n8n-db.js');
		const res = await runProcess(
			this.line.sqliteNodeBin,
			['--no-warnings', '--max-old-space-size=2048', script, source, this.line.n8nPackageDir, String(opts.afterId ?? 0), opts.withData === false ? '0' : '1', (opts.ids ?? []).join(',')],
			{ timeoutMs: 60_000, env: { PATH: process.env.PATH ?? '' } },
		);
		if (res.code !== 0) {
			throw new Error(`reading executions from ${this.database ? 'PostgreSQL' : source} failed (exit ${res.code ?? res.signal}): ${res.stderr.slice(-2000)}`);
		}
		return JSON.parse(res.stdout) as ExecutionRecord[];
	}

	/**
	 * Waits until at least `count` executions (matching `filter`) are done (not new, running or
	 * waiting) and returns those done executions.
	 */
	async waitForExecutions(
		count: number,
		timeoutMs = 30_000,
		filter: (e: ExecutionRecord) => boolean = () => true,
		intervalMs = 300,
	): Promise<ExecutionRecord[]> {
		let seen: ExecutionRecord[] = [];
		const done = (all: ExecutionRecord[]) =>
			all.filter((e) => !['new', 'running', 'waiting'].includes(String(e.status)) && e.stoppedAt && filter(e));
		try {
			return await waitFor(
				`${count} finished execution(s)`,
				timeoutMs,
				async () => {
					// Polled without the run data (decoding every execution's data each time is what costs);
					// the done ones are read again with it once there are enough.
					seen = await this.executions({ withData: false });
					const finished = done(seen);
					return finished.length >= count ? finished : undefined;
				},
				intervalMs,
			).then((finished) => (finished.length === 0 ? [] : this.executions({ ids: finished.map((e) => e.id) })));
		} catch (e) {
			const summary = seen.map((x) => `#${x.id} wf=${x.workflowId} ${x.mode} ${x.status}`).join('\n');
			throw new Error(this.log.failure(`${(e as Error).message}\nexecutions in the database:\n${summary || '(none)'}`));
		}
	}
}
