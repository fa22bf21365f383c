import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { checkRequest, ConformanceLog, describeViolation, type ConformanceMode } from './conformance';
import { handleControl } from './control';
import { json, restError, text, type HandlerResponse, type RequestContext } from './http-types';
import { handleLegacy, legacyError } from './legacy';
import { LoadGate } from './load';
import { customFieldNames, handleRest } from './rest';
import { Runtime } from './runtime';
import { startSmtpGateway, type SmtpGateway } from './smtp';
import type { Address, EmulatorState, Fault, RecordedRequest, SeedOptions } from './state';
import { clientIp, flattenJson, parseFormWithEncoding, readBody, type Params } from './util';

const REQUEST_LOG_LIMIT = 2000;
const HANG_LIMIT_MS = 120000;
const SECRET_PARAMS = new Set(['access_token', 'password', 'pass', 'pass_api']);

export interface ServerOptions extends SeedOptions {
	host: string;
	port: number | undefined;
	smtpPort: number | undefined;
	quiet: boolean;
	conformance: ConformanceMode;
	/** Simultaneous sends at most (more are refused with error 202); 0 = no cap. */
	maxConcurrentSms?: number;
}

interface Listener {
	address: Address;
	server: Server;
	port: number;
	open: boolean;
	sockets: Set<Socket>;
	reopenTimer: NodeJS.Timeout | null;
}

function listen(server: Server, port: number, host: string): Promise<number> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			server.off('error', reject);
			resolve((server.address() as AddressInfo).port);
		});
	});
}

function redact(params: Params): Params {
	const out: Params = {};
	for (const [k, v] of Object.entries(params)) out[k] = SECRET_PARAMS.has(k) ? '<redacted>' : v;
	return out;
}

export class EmulatorServer {
	readonly rt: Runtime;
	readonly conformance = new ConformanceLog();
	readonly load: LoadGate;
	private readonly listeners: Record<Address, Listener>;
	private smtp: SmtpGateway | null = null;
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
		const make = (address: Address): Listener => {
			const listener: Listener = {
				address,
				server: http.createServer((req, res) => void this.handle(listener, req, res)),
				port: 0,
				open: false,
				sockets: new Set(),
				reopenTimer: null,
			};
			listener.server.on('connection', (socket: Socket) => {
				listener.sockets.add(socket);
				socket.on('close', () => listener.sockets.delete(socket));
			});
			return listener;
		};
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

	async start(): Promise<void> {
		const { host, port } = this.options;
		const primary = this.listeners.primary;
		const backup = this.listeners.backup;
		primary.port = await listen(primary.server, port ?? 0, host);
		primary.open = true;
		backup.port = await listen(backup.server, port ? primary.port + 1 : 0, host);
		backup.open = true;
		this.smtp = await startSmtpGateway(this.rt, host, this.options.smtpPort ?? 0);
	}

	async stop(): Promise<void> {
		if (this.stopped) return;
		this.stopped = true;
		this.rt.stop();
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		for (const res of this.hanging) res.socket?.destroy();
		this.hanging.clear();
		await Promise.all(
			(['primary', 'backup'] as Address[]).map((address) => {
				const listener = this.listeners[address];
				if (listener.reopenTimer) clearTimeout(listener.reopenTimer);
				for (const socket of listener.sockets) socket.destroy();
				if (!listener.open) return Promise.resolve();
				listener.open = false;
				return new Promise<void>((resolve) => listener.server.close(() => resolve()));
			}),
		);
		if (this.smtp) await this.smtp.close();
		if (this.options.conformance === 'fail') this.conformance.assertNone();
	}

	reset(): void {
		this.clearFaults();
		for (const res of this.hanging) res.socket?.destroy();
		this.hanging.clear();
		this.rt.reset();
	}

	// ---- faults -----------------------------------------------------------------------------------

	addFault(input: Omit<Fault, 'id' | 'until' | 'method'> & { method?: string | null; ms?: number }): Fault {
		this.faultSeq += 1;
		const fault: Fault = {
			id: this.faultSeq,
			address: input.address,
			endpoint: input.endpoint ? input.endpoint.replace(/^\/+/, '') : null,
			method: input.method ? input.method.toUpperCase() : null,
			mode: input.mode,
			times: input.times ?? null,
			until: input.ms ? Date.now() + input.ms : null,
		};
		this.state.faults.push(fault);
		return fault;
	}

	/** A refuse fault: the listener closes (connections refused) until cleared or, with ms, for that long. */
	applyRefuse(fault: Fault, ms?: number): void {
		this.closeListener(fault.address);
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

	/**
	 * Stops accepting at once and drops idle keep-alive connections; a request in progress (such as the
	 * control request that asked for this) still gets its answer.
	 */
	private closeListener(address: Address): void {
		const listener = this.listeners[address];
		if (!listener.open) return;
		listener.open = false;
		listener.server.close();
		listener.server.closeIdleConnections();
	}

	async openListener(address: Address): Promise<void> {
		const listener = this.listeners[address];
		if (listener.open || this.stopped) return;
		listener.open = true;
		try {
			await listen(listener.server, listener.port, this.options.host);
		} catch (error) {
			listener.open = false;
			this.rt.log(`cannot reopen ${address}: ${(error as Error).message}`);
		}
	}

	isOpen(address: Address): boolean {
		return this.listeners[address].open;
	}

	private takeFault(address: Address, method: string, path: string): Fault | undefined {
		const now = Date.now();
		this.state.faults = this.state.faults.filter((f) => f.until === null || f.until > now || f.mode === 'refuse');
		const endpoint = path.replace(/^\/+/, '');
		const fault = this.state.faults.find(
			(f) =>
				f.mode !== 'refuse' &&
				f.address === address &&
				(f.method === null || f.method === method) &&
				(f.endpoint === null || endpoint === f.endpoint || endpoint.startsWith(`${f.endpoint}/`)),
		);
		if (fault && fault.times !== null) {
			fault.times -= 1;
			if (fault.times <= 0) this.state.faults = this.state.faults.filter((f) => f !== fault);
		}
		return fault;
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
		const url = new URL(req.url ?? '/', 'http://emulator');
		const rawQuery = (req.url ?? '').includes('?') ? (req.url ?? '').slice((req.url ?? '').indexOf('?') + 1) : '';
		const query = parseFormWithEncoding(rawQuery);
		const contentType = (req.headers['content-type'] ?? '').toLowerCase();
		const ctx: RequestContext = {
			address,
			method: (req.method ?? 'GET').toUpperCase(),
			path: url.pathname,
			query,
			params: { ...query },
			bodyKind: 'none',
			form: {},
			jsonBody: undefined,
			headers: req.headers,
			ip: clientIp(req),
		};
		let badJson = false;
		let formBody: Params = {};
		if (raw.length > 0) {
			if (contentType.includes('application/json')) {
				ctx.bodyKind = 'json';
				try {
					ctx.jsonBody = JSON.parse(raw.toString('utf8'));
					Object.assign(ctx.params, flattenJson(ctx.jsonBody));
				} catch {
					badJson = true;
				}
			} else if (contentType.includes('application/x-www-form-urlencoded') || contentType === '') {
				ctx.bodyKind = 'form';
				formBody = parseFormWithEncoding(raw.toString('latin1'), query.encoding);
				ctx.form = formBody;
				Object.assign(ctx.params, formBody);
			} else {
				ctx.bodyKind = 'other';
			}
		}

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

		const record: RecordedRequest = {
			seq: ++this.requestSeq,
			address,
			method: ctx.method,
			path: ctx.path,
			query: redact(query),
			body:
				ctx.bodyKind === 'form'
					? redact(formBody)
					: ctx.bodyKind === 'json'
						? (ctx.jsonBody ?? raw.toString('utf8'))
						: raw.toString('utf8').slice(0, 10000),
			contentType: req.headers['content-type'] ?? null,
			headers: Object.fromEntries(
				Object.entries(req.headers).map(([k, v]) => [
					k,
					k === 'authorization' ? String(v).replace(/^(\S+)\s.*$/, '$1 <redacted>') : String(v),
				]),
			),
			authMethod: this.rt.authenticate(req.headers.authorization, ctx.params).method,
			remoteAddress: ctx.ip,
			time: new Date().toISOString(),
			responseStatus: 0,
			responseBody: '',
		};
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

		const fault = this.takeFault(address, ctx.method, ctx.path);
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
