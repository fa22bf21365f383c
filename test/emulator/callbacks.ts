import http, { type ClientRequest } from 'node:http';
import https from 'node:https';

import type { CallbackAttempt, CallbackType, EmulatorState } from './state';

export interface CallbackRequest {
	type: CallbackType;
	url: string;
	method: 'GET' | 'POST';
	/** Added to the URL's own query string. */
	query?: Record<string, string>;
	body?: string;
	contentType?: string;
}

export interface CallbackResult {
	url: string;
	ok: boolean;
	attempts: number;
	status: number | null;
	body: string | null;
	error: string | null;
}

/** Fields of one delivery report, in the order the service sends them. */
export const DLR_FIELDS = [
	'MsgId',
	'status',
	'status_name',
	'idx',
	'sent_at',
	'donedate',
	'username',
	'points',
	'to',
	'mcc',
	'mnc',
] as const;
export type DlrReport = Record<(typeof DLR_FIELDS)[number], string>;

export const MAX_REPORTS_PER_REQUEST = 5;
const ATTEMPT_TIMEOUT_MS = 5000;
const LOG_LIMIT = 5000;
/** How long reports for one URL are collected before they leave in batches. */
const DLR_BATCH_WINDOW_MS = 30;

/** The emulator calls only this machine: any other host is recorded as blocked, never contacted. */
export function isLoopbackUrl(url: string): boolean {
	try {
		const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
		return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
	} catch {
		return false;
	}
}

export function isHttpUrl(url: string): boolean {
	try {
		const parsed = new URL(url);
		return parsed.protocol === 'http:' || parsed.protocol === 'https:';
	} catch {
		return false;
	}
}

export class CallbackDispatcher {
	private readonly timers = new Set<NodeJS.Timeout>();
	private readonly wakers = new Set<() => void>();
	private readonly requests = new Set<ClientRequest>();
	private readonly dlrQueues = new Map<string, DlrReport[]>();
	private generation = 0;
	private stopped = false;
	private seq = 0;
	private readonly pending = new Set<Promise<unknown>>();

	constructor(
		private readonly getState: () => EmulatorState,
		private readonly log: (message: string) => void,
	) {}

	/** Ends every loop: timers cleared, requests aborted. After stop() nothing is sent any more. */
	stop(): void {
		this.stopped = true;
		this.cancelAll();
	}

	/** Drops queued reports and running retry loops (used by reset). */
	cancelAll(): void {
		this.generation += 1;
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		for (const wake of this.wakers) wake();
		this.wakers.clear();
		for (const req of this.requests) req.destroy();
		this.requests.clear();
		this.dlrQueues.clear();
	}

	/** Resolves when every callback started so far has finished (tests and control use it). */
	async idle(): Promise<void> {
		while (this.pending.size > 0 || this.dlrQueues.size > 0) {
			await Promise.allSettled([...this.pending]);
			if (this.dlrQueues.size > 0) await new Promise((r) => setTimeout(r, DLR_BATCH_WINDOW_MS + 5));
		}
	}

	schedule(ms: number, fn: () => void): void {
		if (this.stopped) return;
		const timer = setTimeout(() => {
			this.timers.delete(timer);
			fn();
		}, ms);
		this.timers.add(timer);
	}

	private sleep(ms: number): Promise<void> {
		return new Promise((resolve) => {
			const wake = (): void => {
				this.wakers.delete(wake);
				resolve();
			};
			this.wakers.add(wake);
			const timer = setTimeout(() => {
				this.timers.delete(timer);
				wake();
			}, ms);
			this.timers.add(timer);
		});
	}

	/**
	 * Queues a delivery report; reports for one URL (and one callback type: SMS, MMS and voice
	 * reports are separate callbacks) leave together, at most five per request.
	 */
	queueDlr(url: string, report: DlrReport, type: CallbackType = 'sms_dlr'): void {
		if (this.stopped) return;
		const key = `${type} ${url}`;
		const queue = this.dlrQueues.get(key);
		if (queue) {
			queue.push(report);
			return;
		}
		this.dlrQueues.set(key, [report]);
		const generation = this.generation;
		this.schedule(DLR_BATCH_WINDOW_MS, () => {
			if (generation !== this.generation) return;
			const reports = this.dlrQueues.get(key) ?? [];
			this.dlrQueues.delete(key);
			for (let i = 0; i < reports.length; i += MAX_REPORTS_PER_REQUEST) {
				const batch = reports.slice(i, i + MAX_REPORTS_PER_REQUEST);
				const query: Record<string, string> = {};
				for (const field of DLR_FIELDS) query[field] = batch.map((r) => r[field]).join(',');
				void this.deliver({ type, url, method: 'GET', query });
			}
		});
	}

	/**
	 * Calls the receiver and repeats (bounded by the account's retry settings) until it answers
	 * HTTP 200 with the body `OK`, as the service does.
	 */
	deliver(request: CallbackRequest): Promise<CallbackResult> {
		const promise = this.deliverLoop(request);
		this.pending.add(promise);
		void promise.finally(() => this.pending.delete(promise));
		return promise;
	}

	private async deliverLoop(request: CallbackRequest): Promise<CallbackResult> {
		const generation = this.generation;
		const account = this.getState().account;
		const maxAttempts = Math.max(1, Math.min(account.callbackMaxAttempts, 50));
		const retryMs = Math.max(10, Math.min(account.callbackRetryMs, 60000));
		const target = new URL(request.url);
		for (const [k, v] of Object.entries(request.query ?? {})) target.searchParams.append(k, v);
		let last: CallbackResult = { url: request.url, ok: false, attempts: 0, status: null, body: null, error: null };
		for (let attempt = 1; attempt <= maxAttempts; attempt++) {
			if (this.stopped || generation !== this.generation) break;
			const outcome = isLoopbackUrl(request.url)
				? await this.attempt(target, request)
				: { status: null, body: null, error: 'blocked: the emulator only calls loopback addresses' };
			// reset() or stop() during the attempt: its result belongs to a state that is gone
			if (this.stopped || generation !== this.generation) break;
			const ok = outcome.status === 200 && (outcome.body ?? '').trim() === 'OK';
			this.record(request, target, attempt, outcome, ok);
			last = { url: request.url, ok, attempts: attempt, ...outcome };
			if (ok || outcome.error?.startsWith('blocked')) break;
			if (attempt < maxAttempts) await this.sleep(retryMs);
		}
		return last;
	}

	private record(
		request: CallbackRequest,
		target: URL,
		attempt: number,
		outcome: { status: number | null; body: string | null; error: string | null },
		ok: boolean,
	): void {
		const state = this.getState();
		this.seq += 1;
		const entry: CallbackAttempt = {
			seq: this.seq,
			type: request.type,
			url: request.url,
			method: request.method,
			query: Object.fromEntries(target.searchParams.entries()),
			body: request.body ?? null,
			contentType: request.contentType ?? null,
			attempt,
			time: new Date().toISOString(),
			responseStatus: outcome.status,
			responseBody: outcome.body,
			error: outcome.error,
			ok,
		};
		state.callbackLog.push(entry);
		if (state.callbackLog.length > LOG_LIMIT) state.callbackLog.splice(0, state.callbackLog.length - LOG_LIMIT);
		this.log(`callback ${request.type} ${request.method} ${target.href} -> ${outcome.status ?? outcome.error}`);
	}

	private attempt(
		target: URL,
		request: CallbackRequest,
	): Promise<{ status: number | null; body: string | null; error: string | null }> {
		return new Promise((resolve) => {
			const client = target.protocol === 'https:' ? https : http;
			const headers: Record<string, string | number> = { 'User-Agent': 'smsapi-emulator-callbacks' };
			const payload = request.body !== undefined ? Buffer.from(request.body, 'utf8') : undefined;
			if (payload) {
				headers['Content-Type'] = request.contentType ?? 'application/x-www-form-urlencoded; charset=utf-8';
				headers['Content-Length'] = payload.length;
			}
			const req = client.request(target, { method: request.method, headers, timeout: ATTEMPT_TIMEOUT_MS }, (res) => {
				const chunks: Buffer[] = [];
				res.on('data', (c: Buffer) => chunks.push(c));
				res.on('end', () => {
					this.requests.delete(req);
					resolve({ status: res.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8').slice(0, 2000), error: null });
				});
				res.on('error', (err) => {
					this.requests.delete(req);
					resolve({ status: res.statusCode ?? null, body: null, error: err.message });
				});
			});
			this.requests.add(req);
			req.on('timeout', () => req.destroy(new Error('timeout')));
			req.on('error', (err) => {
				this.requests.delete(req);
				resolve({ status: null, body: null, error: err.message || 'aborted' });
			});
			req.on('close', () => {
				if (this.requests.delete(req)) resolve({ status: null, body: null, error: 'aborted' });
			});
			req.end(payload);
		});
	}
}
