/**
 * The reader of n8n's executions: one long-lived `read-n8n-db.js` process on Node 24 (jest
 * runs on Node 20, node:sqlite needs 22+) per n8n instance, which keeps the database open and
 * answers one JSON request per line on stdin with one JSON answer per line on stdout. The tests
 * poll the executions every few hundred milliseconds; a new Node process per read cost about 40 ms
 * of CPU each time.
 *
 * Started on the first read; a reader that died is started again on the next one. It never keeps
 * jest alive (its process and pipes are unreferenced) and it exits when its stdin closes, so also
 * when the jest worker ends without close().
 */
import { spawn, type ChildProcess } from 'child_process';
import type { Socket } from 'net';
import * as path from 'path';

import { withRunId } from './run-ownership';
import type { ExecutionRecord } from './types';

export interface ExecutionQuery {
	/** Only executions with a greater id. */
	afterId?: string | number;
	/** Also the decoded run data and workflow (default true). */
	withData?: boolean;
	/** Only these executions. */
	ids?: Array<string | number>;
}

/** Time for one answer; then the reader is killed (the next read starts a new one). */
const REQUEST_TIMEOUT_MS = 60_000;
/** Time for the reader to close the database and exit after its stdin closed, before SIGKILL. */
const CLOSE_GRACE_MS = 2_000;
/** The end of the reader's stderr that goes into error messages. */
const STDERR_KEPT = 2000;

interface Pending {
	resolve: (records: ExecutionRecord[]) => void;
	reject: (e: Error) => void;
	timer: NodeJS.Timeout;
}

/** One running `read-n8n-db.js`. */
class ReaderProcess {
	/** Set once the process ended (its stdout and stderr closed). */
	ended: { code: number | null; signal: NodeJS.Signals | null } | undefined;
	private readonly child: ChildProcess;
	private readonly exited: Promise<void>;
	private readonly pending = new Map<number, Pending>();
	/** stdout received after the last complete line. */
	private partial: Buffer[] = [];
	private stderr = '';
	private nextId = 1;
	private closing = false;

	constructor(
		nodeBin: string,
		source: string,
		n8nPackageDir: string,
		private readonly failed: (detail: string) => Error,
	) {
		const script = path.join(__dirname, 'read-n8n-db.js');
		const node = ['--no-warnings', '--max-old-space-size=2048'];
		this.child = spawn(nodeBin, [...node, script, source, n8nPackageDir], {
			env: withRunId({ PATH: process.env.PATH ?? '' }),
			stdio: ['pipe', 'pipe', 'pipe'],
		});
		// Neither the process nor its pipes keep jest's event loop alive; a read in progress does,
		// through its timeout timer.
		this.child.unref();
		for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) {
			(stream as unknown as Socket).unref();
		}
		this.child.stdin!.on('error', () => undefined);
		this.child.stdout!.on('data', (chunk: Buffer) => this.receive(chunk));
		this.child.stderr!.on('data', (chunk: Buffer) => {
			this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
		});
		this.exited = new Promise((resolve) => {
			this.child.on('error', (e) => {
				// Could not be started (or killed): 'close' may never come.
				this.end(null, null, `(cannot start ${nodeBin}: ${e.message})`);
				resolve();
			});
			this.child.on('close', (code, signal) => {
				this.end(code, signal);
				resolve();
			});
		});
	}

	read(query: ExecutionQuery): Promise<ExecutionRecord[]> {
		if (this.ended) return Promise.reject(this.failed(this.endDetail()));
		const id = this.nextId++;
		const request = {
			id,
			afterId: query.afterId ?? 0,
			withData: query.withData !== false,
			ids: query.ids ?? [],
		};
		return new Promise<ExecutionRecord[]>((resolve, reject) => {
			const timer = setTimeout(() => {
				this.pending.delete(id);
				const waited = `${REQUEST_TIMEOUT_MS / 1000} s`;
				reject(this.failed(`(no answer within ${waited}, reader killed): ${this.stderr}`));
				// Whatever it is stuck on, the next read gets a fresh reader.
				this.child.kill('SIGKILL');
			}, REQUEST_TIMEOUT_MS);
			this.pending.set(id, { resolve, reject, timer });
			this.child.stdin!.write(`${JSON.stringify(request)}\n`);
		});
	}

	/** Closes stdin (the reader finishes the reads in hand and exits), SIGKILL after a grace time. */
	async close(): Promise<void> {
		if (this.ended) return;
		this.closing = true;
		this.child.stdin!.end();
		let timer: NodeJS.Timeout | undefined;
		const grace = new Promise<boolean>((resolve) => {
			timer = setTimeout(() => resolve(false), CLOSE_GRACE_MS);
		});
		const exited = await Promise.race([this.exited.then(() => true), grace]);
		clearTimeout(timer);
		if (!exited) {
			this.child.kill('SIGKILL');
			await this.exited;
		}
	}

	/** Splits stdout into lines (an answer can be many MB, in many chunks) and settles their reads. */
	private receive(chunk: Buffer): void {
		let start = 0;
		for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
			this.partial.push(chunk.subarray(start, nl));
			const line = Buffer.concat(this.partial).toString('utf8');
			this.partial = [];
			start = nl + 1;
			this.answer(line);
		}
		if (start < chunk.length) this.partial.push(chunk.subarray(start));
	}

	private answer(line: string): void {
		let message: { id?: number; records?: ExecutionRecord[]; error?: string };
		try {
			message = JSON.parse(line) as typeof message;
		} catch (e) {
			const note = `unreadable answer (${(e as Error).message}): ${line.slice(0, 200)}`;
			this.stderr = `${this.stderr}\n${note}`.slice(-STDERR_KEPT);
			return;
		}
		const pending = message.id === undefined ? undefined : this.pending.get(message.id);
		if (!pending) return;
		this.pending.delete(message.id!);
		clearTimeout(pending.timer);
		if (message.error === undefined) pending.resolve(message.records ?? []);
		else pending.reject(this.failed(`(error in the reader): ${message.error.slice(-STDERR_KEPT)}`));
	}

	private end(code: number | null, signal: NodeJS.Signals | null, detail?: string): void {
		if (this.ended) return;
		this.ended = { code, signal };
		const why = detail ?? this.endDetail();
		for (const [, pending] of this.pending) {
			clearTimeout(pending.timer);
			pending.reject(this.failed(why));
		}
		this.pending.clear();
	}

	private endDetail(): string {
		const how = this.ended ? `exit ${this.ended.code ?? this.ended.signal}` : 'not running';
		return `(${this.closing ? 'reader closed, ' : ''}${how}): ${this.stderr}`;
	}
}

/**
 * Reads executions through one reader process, started on the first read and again after it
 * died. close() ends it (the instance stopped: its database is gone); later reads fail.
 */
export class ExecutionReader {
	private process: ReaderProcess | undefined;
	private closed = false;

	constructor(
		private readonly nodeBin: string,
		/** The database.sqlite path or the postgres:// URL. */
		private readonly source: string,
		private readonly n8nPackageDir: string,
		/** Where the executions are, in error messages. */
		private readonly label: string,
	) {}

	async read(query: ExecutionQuery): Promise<ExecutionRecord[]> {
		if (this.closed) throw new Error(`reading executions from ${this.label}: the n8n instance was stopped`);
		if (!this.process || this.process.ended) this.process = this.start();
		return this.process.read(query);
	}

	/** Ends the reader process (it answers the reads in hand first, if within 2 s). Never throws. */
	async close(): Promise<void> {
		this.closed = true;
		const running = this.process;
		this.process = undefined;
		await running?.close().catch(() => undefined);
	}

	private start(): ReaderProcess {
		return new ReaderProcess(
			this.nodeBin,
			this.source,
			this.n8nPackageDir,
			(detail) => new Error(`reading executions from ${this.label} failed ${detail}`),
		);
	}
}
