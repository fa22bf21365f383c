/**
 * Executions in n8n's database (the SQLite file of the user folder, or PostgreSQL), read by a
 * long-lived read-n8n-db.js process on Node 24 (n8n-db-reader.ts), with their decoded run data.
 */
import * as fs from 'fs';
import * as path from 'path';

import type { N8nLine } from './lines';
import { ExecutionReader, type ExecutionQuery } from './n8n-db-reader';
import type { InstanceLog } from './n8n-log';
import { postgresUrl, type PostgresConnection } from './postgres';
import { waitFor } from './proc';
import type { ExecutionRecord } from './types';

export class ExecutionStore {
	/** The SQLite file (there once the user folder is set up or n8n ran) or the PostgreSQL URL. */
	private readonly source: string;
	private readonly reader: ExecutionReader;

	constructor(
		line: N8nLine,
		userFolder: string,
		private readonly database: PostgresConnection | undefined,
		private readonly log: InstanceLog,
	) {
		this.source = database
			? postgresUrl(database)
			: path.join(userFolder, '.n8n', 'database.sqlite');
		const label = database ? 'PostgreSQL' : this.source;
		this.reader = new ExecutionReader(line.sqliteNodeBin, this.source, line.n8nPackageDir, label);
	}

	/** Executions, oldest first, with their decoded data (IRun `data`: `data.resultData.runData[nodeName]`). */
	async executions(opts: ExecutionQuery = {}): Promise<ExecutionRecord[]> {
		// No SQLite file yet: no executions (and no reader process for nothing).
		if (!this.database && !fs.existsSync(this.source)) return [];
		return this.reader.read(opts);
	}

	/** Ends the reader process (when the instance stops). Never throws. */
	close(): Promise<void> {
		return this.reader.close();
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
