/**
 * The emulator's HTTP side: two listeners (primary and backup) on one state, the SMTP gateway,
 * and each request's way through: read (incoming.ts), recorded, checked against the published API
 * (conformance/), held by the load gate and the latency, met by a fault (fault-rules.ts) or
 * answered by the legacy (`*.do`), REST or control handlers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

import { checkRequest, ConformanceLog, describeViolation, type ConformanceMode } from './conformance';
import { handleControl } from './control';
import { newFault, takeFault, type FaultInput } from './fault-rules';
import { json, restError, text, type HandlerResponse, type RequestContext } from './http-types';
import { readRequest, recordOf, SECRET_PARAMS } from './incoming';
import { handleLegacy, legacyError } from './legacy';
import { closeForGood, closeListener, createListener, listen, reopenListener, type Listener } from './listeners';
import { LoadGate } from './load';
import { handleRest } from './rest';
import { customFieldNames } from './rest-contacts';
import { Runtime } from './runtime';
import { startShortLinkHost, type ShortLinkHost } from './short-link-host';
import { startSmtpGateway, type SmtpGateway } from './smtp';
import type { SeedOptions } from './seeds';
import type { Address, EmulatorState, Fault, RecordedRequest } from './state';
import { readBody } from './util';

const REQUEST_LOG_LIMIT = 2000;
const HANG_LIMIT_MS = 120000;

export interface ServerOptions extends SeedOptions {
	host: string;
	port: number | undefined;
	smtpPort: number | undefined;
	quiet: boolean;
	conformance: ConformanceMode;
	/** Simultaneous sends at most (more are refused with error 202); 0 = no cap. */
	maxConcurrentSms?: number;
	/** `service` (default): short links at `http://idz.do/…`; `served`: at the short-link host's own https address. */
	shortLinks?: 'service' | 'served';
}

export class EmulatorServer {
	readonly rt: Runtime;
	readonly conformance = new ConformanceLog();
	readonly load: LoadGate;
	private readonly listeners: Record<Address, Listener>;
	private smtp: SmtpGateway | null = null;
	private shortLinkHost: ShortLinkHost | null = null;
	private readonly timers = new Set<NodeJS.Timeout>();
	private readonly hanging = new Set<ServerResponse>();
	private faultSeq = 0;
	private requestSeq = 0;
	private stopped = false;

	constructor(readonly options: ServerOptions) {
		this.load = new LoadGate(options.maxConcurrentSms ?? 0);
		this.rt = new Runtime(options, (message) => {
			if (!options.quiet) console.log(`[smsapi-emulator] ${message}`);
		});
		const make = (address: Address): Listener =>
			createListener(address, (listener, req, res) => void this.handle(listener, req, res));
		this.listeners = { primary: make('primary'), backup: make('backup') };
	}

	get state(): EmulatorState {
		return this.rt.state;
	}

	url(address: Address): string {
		return `http://${this.options.host}:${this.listeners[address].port}`;
	}

	get smtpPort(): number {
		return this.smtp?.port ?? 0;
	}

	/** The short-link host's https address (idz.do maps to its port in the tests' browser). */
	get shortLinkHostUrl(): string {
		return this.shortLinkHost?.url ?? '';
	}

	async start(): Promise<void> {
		const { host, port } = this.options;
		const primary = this.listeners.primary;
		const backup = this.listeners.backup;
		primary.port = await listen(primary.server, port ?? 0, host);
		primary.open = true;
		backup.port = await listen(backup.server, port ? primary.port + 1 : 0, host);
		backup.open = true;
		this.smtp = await startSmtpGateway(this.rt, host, this.options.smtpPort ?? 0);
		this.shortLinkHost = await startShortLinkHost(this.rt, host);
		if (this.options.shortLinks === 'served') this.rt.shortLinkBase = this.shortLinkHost.url;
	}

	async stop(): Promise<void> {
		if (this.stopped) return;
		this.stopped = true;
		this.rt.stop();
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		for (const res of this.hanging) res.socket?.destroy();
		this.hanging.clear();
		await Promise.all((['primary', 'backup'] as Address[]).map((address) => closeForGood(this.listeners[address])));
		if (this.smtp) await this.smtp.close();
		if (this.shortLinkHost) await this.shortLinkHost.close();
		if (this.options.conformance === 'fail') this.conformance.assertNone();
	}

	reset(): void {
		this.clearFaults();
		for (const res of this.hanging) res.socket?.destroy();
		this.hanging.clear();
		this.rt.reset();
	}

	// ---- faults -----------------------------------------------------------------------------------

	addFault(input: FaultInput): Fault {
		this.faultSeq += 1;
		const fault = newFault(this.faultSeq, input);
		this.state.faults.push(fault);
		return fault;
	}

	/** A refuse fault: the listener closes (connections refused) until cleared or, with ms, for that long. */
	applyRefuse(fault: Fault, ms?: number): void {
		closeListener(this.listeners[fault.address]);
		if (!ms) return;
		const listener = this.listeners[fault.address];
		if (listener.reopenTimer) clearTimeout(listener.reopenTimer);
		listener.reopenTimer = setTimeout(() => {
			listener.reopenTimer = null;
			this.state.faults = this.state.faults.filter((f) => f !== fault);
			void this.openListener(fault.address);
		}, ms);
	}

	clearFaults(): void {
		this.state.faults = [];
		for (const address of ['primary', 'backup'] as Address[]) {
			const listener = this.listeners[address];
			if (listener.reopenTimer) clearTimeout(listener.reopenTimer);
			listener.reopenTimer = null;
			if (!listener.open) void this.openListener(address);
		}
	}

	async openListener(address: Address): Promise<void> {
		const listener = this.listeners[address];
		if (listener.open || this.stopped) return;
		await reopenListener(listener, this.options.host, (message) => this.rt.log(message));
	}

	isOpen(address: Address): boolean {
		return this.listeners[address].open;
	}

	private sleep(ms: number): Promise<void> {
		return new Promise((resolve) => {
			const timer = setTimeout(() => {
				this.timers.delete(timer);
				resolve();
			}, ms);
			this.timers.add(timer);
		});
	}

	// ---- requests ---------------------------------------------------------------------------------

	private async handle(listener: Listener, req: IncomingMessage, res: ServerResponse): Promise<void> {
		const address = listener.address;
		let raw: Buffer;
		try {
			raw = await readBody(req);
		} catch {
			res.destroy();
			return;
		}
		const incoming = readRequest(address, req, raw);
		const { ctx, badJson } = incoming;

		if (ctx.path === '/__control' || ctx.path.startsWith('/__control/')) {
			let response: HandlerResponse;
			try {
				response = await handleControl(this, ctx);
			} catch (error) {
				response = json(500, { error: (error as Error).message });
			}
			this.write(res, response);
			return;
		}

		const authMethod = this.rt.authenticate(req.headers.authorization, ctx.params).method;
		const record = recordOf(++this.requestSeq, incoming, req, raw, authMethod);
		this.state.requests.push(record);
		if (this.state.requests.length > REQUEST_LOG_LIMIT) {
			this.state.requests.splice(0, this.state.requests.length - REQUEST_LOG_LIMIT);
		}
		const refusal = this.checkConformance(ctx, record);
		const admitted = this.load.admit(ctx.path);
		if (admitted) res.once('close', () => this.load.release(ctx.path));

		const latency = this.state.latency[address];
		if (latency > 0) await this.sleep(latency);
		if (this.stopped) {
			res.destroy();
			return;
		}

		if (refusal) {
			this.finish(res, record, refusal);
			return;
		}
		if (!admitted) {
			// Over the account's cap of simultaneous sends: refused unprocessed (load.ts).
			this.finish(res, record, legacyError(ctx.params, 202));
			return;
		}

		const fault = takeFault(this.state, address, ctx.method, ctx.path);
		if (fault) {
			record.fault = fault.mode;
			if (fault.mode === 'lost') {
				// The service did the work (a send is accepted and charged), but the answer never
				// arrives: the connection is reset instead. The hardest case for a client's failover.
				try {
					const processed = this.route(ctx, badJson);
					record.responseBody = processed.body.slice(0, 10000);
				} catch (error) {
					this.rt.log(`handler error: ${(error as Error).stack ?? error}`);
				}
				record.responseStatus = 'lost';
				const socket = req.socket as Socket & { resetAndDestroy?: () => void };
				if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
				else socket.destroy();
				return;
			}
			if (fault.mode === 'reset') {
				record.responseStatus = 'reset';
				const socket = req.socket as Socket & { resetAndDestroy?: () => void };
				if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
				else socket.destroy();
				return;
			}
			if (fault.mode === 'hang') {
				record.responseStatus = 'hang';
				this.hanging.add(res);
				res.on('close', () => this.hanging.delete(res));
				const timer = setTimeout(() => {
					this.timers.delete(timer);
					res.socket?.destroy();
				}, HANG_LIMIT_MS);
				this.timers.add(timer);
				return;
			}
			if (fault.mode === '404') {
				// The REST interface's answer for what is not there (an unknown path, an unknown id).
				this.finish(res, record, restError(404, 'not_found', 'Not found'));
				return;
			}
			const response: HandlerResponse = {
				status: 500,
				body: '<html><body><h1>500 Internal Server Error</h1></body></html>',
				contentType: 'text/html; charset=utf-8',
			};
			this.finish(res, record, response);
			return;
		}

		let response: HandlerResponse;
		try {
			response = this.route(ctx, badJson);
		} catch (error) {
			this.rt.log(`handler error: ${(error as Error).stack ?? error}`);
			response = restError(500, 'internal_error', 'Internal error');
		}
		this.finish(res, record, response);
	}

	/**
	 * Checks the request against the published API before any handler sees it (conformance/);
	 * records and logs a violation and returns the service's answer to it, or null.
	 */
	private checkConformance(ctx: RequestContext, record: RecordedRequest): HandlerResponse | null {
		const refusal = checkRequest({ ...ctx, customFields: customFieldNames(this.rt) });
		if (!refusal) return null;
		record.violations = refusal.problems.map(({ path, error, message }) => ({ path, error, message }));
		const violation = {
			seq: record.seq,
			method: ctx.method,
			path: ctx.path,
			problems: refusal.problems.map((p) => ({ ...p, value: SECRET_PARAMS.has(p.path) ? '<redacted>' : p.value })),
			status: refusal.answer.status,
			time: record.time,
		};
		this.conformance.record(violation);
		this.rt.log(`non-conforming request ${describeViolation(violation)}`);
		return refusal.answer;
	}

	private route(ctx: RequestContext, badJson: boolean): HandlerResponse {
		if (ctx.path.endsWith('.do')) {
			if (badJson) return legacyError(ctx.params, 8);
			if (ctx.method !== 'GET' && ctx.method !== 'POST') return legacyError(ctx.params, 8);
			return handleLegacy(this.rt, ctx);
		}
		if (badJson) return restError(400, 'invalid_json', 'Request body is not valid JSON');
		return handleRest(this.rt, ctx) ?? (ctx.path === '/' ? text(200, 'SMSAPI emulator') : restError(404, 'not_found', 'Not found'));
	}

	private finish(res: ServerResponse, record: RecordedRequest, response: HandlerResponse): void {
		record.responseStatus = response.status;
		record.responseBody = response.body.slice(0, 10000);
		this.write(res, response);
	}

	private write(res: ServerResponse, response: HandlerResponse): void {
		if (res.destroyed) return;

		const body = Buffer.from(response.body, 'utf8');
		res.writeHead(response.status, {
			'Content-Type': response.contentType,
			'Content-Length': body.length,
			...(response.headers ?? {}),
		});
		res.end(body);
	}
}
