/**
 * A local stand-in for the SMSAPI service, for tests and the demo (dev-time only, never shipped).
 * Primary and backup HTTP listeners share one state; an SMTP listener is the mail2sms gateway;
 * `/__control` drives and inspects it. It calls no address but loopback.
 */
import type { ConformanceMode, Violation } from './conformance';
import { EmulatorServer } from './server';
import type { CallbackKey, EmulatorState, TemplateEncoding } from './state';

export { ConformanceError, describeViolation, type ConformanceMode, type Problem, type Violation } from './conformance';
export type { EmulatorState } from './state';
export { md5 } from './state';

export interface EmulatorOptions {
	/** Always loopback: only 127.x addresses, localhost or ::1 are accepted. Default 127.0.0.1. */
	host?: string;
	/** Primary HTTP port; 0 or undefined = random. The backup listens on port+1 when a port is given, else random. */
	port?: number;
	/** Bearer token accepted (default 'test-token'); also accepted as the access_token parameter. */
	token?: string;
	/** Legacy login username (default 'demo'). */
	username?: string;
	/** Legacy plain password (default 'demo-password'); requests carry its md5. */
	password?: string;
	/** Default 100. */
	credits?: number;
	/** 0 or undefined = random. */
	smtpPort?: number;
	/** The account's default callback URLs. */
	callbackUrls?: Partial<Record<CallbackKey, string>>;
	/** Delay before delivery reports are emitted (default 200). */
	dlrDelayMs?: number;
	/** Interval between repeats of a callback the receiver did not answer with `OK` (default 500). */
	callbackRetryMs?: number;
	/** Attempts per callback request at most (default 10). */
	callbackMaxAttempts?: number;
	quiet?: boolean;
	/**
	 * Requests that SMSAPI's published API or its official clients would not send are always answered
	 * as the service answers them and recorded. `fail` (default): `stop()` then throws a
	 * ConformanceError listing those not taken with `takeViolations()`. `record`: recorded only.
	 */
	conformance?: ConformanceMode;
	/** Delay before every answer, on both addresses (default 0; also `POST /__control/latency`). */
	latencyMs?: number;
	/**
	 * Simultaneous sends (`sms.do`, `mms.do`, `vms.do`) at most; one more is refused unprocessed with
	 * error 202, as the service does. 0 or undefined = no cap (also `POST /__control/load`).
	 */
	maxConcurrentSms?: number;
	/**
	 * How a send with param1–4 is encoded (`Account.templateEncoding`, state.ts): by its expanded
	 * text (default) or by the template; kept by reset(); also `POST /__control/account`.
	 */
	templateEncoding?: TemplateEncoding;
	/**
	 * Short links answer `http://idz.do/<code>` as the service's published answers do (`service`,
	 * default; a browser reaches them by mapping idz.do to `shortLinkHostUrl`), or the short-link
	 * host's own https address (`served`: the demo, opened in any browser).
	 */
	shortLinks?: 'service' | 'served';
}

export interface Emulator {
	primaryUrl: string;
	backupUrl: string;
	smtpPort: number;
	controlUrl: string;
	/** The short-link host (`https://localhost:<port>`): a short link's path there redirects to its target. */
	shortLinkHostUrl: string;
	/** Direct access for in-process tests (replaced by reset()). */
	state: EmulatorState;
	/** Non-conforming requests received and not yet taken (reset() keeps them). */
	readonly violations: readonly Violation[];
	/** Returns the non-conforming requests received so far and forgets them: for tests that send them on purpose. */
	takeViolations(): Violation[];
	reset(): void;
	/** Stops everything; with `conformance: 'fail'` then throws a ConformanceError if violations are left. */
	stop(): Promise<void>;
}

function loopbackHost(host: string | undefined): string {
	const value = host ?? '127.0.0.1';
	if (value === 'localhost' || value === '::1' || /^127\.\d+\.\d+\.\d+$/.test(value)) return value;
	throw new Error(`The emulator listens on loopback only, not on ${value}`);
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
	const server = new EmulatorServer({
		host: loopbackHost(options.host),
		port: options.port || undefined,
		smtpPort: options.smtpPort,
		quiet: options.quiet ?? false,
		conformance: options.conformance ?? 'fail',
		token: options.token ?? 'test-token',
		username: options.username ?? 'demo',
		password: options.password ?? 'demo-password',
		credits: options.credits ?? 100,
		callbackUrls: options.callbackUrls ?? {},
		dlrDelayMs: options.dlrDelayMs ?? 200,
		callbackRetryMs: options.callbackRetryMs ?? 500,
		callbackMaxAttempts: options.callbackMaxAttempts ?? 10,
		latencyMs: options.latencyMs ?? 0,
		maxConcurrentSms: options.maxConcurrentSms ?? 0,
		templateEncoding: options.templateEncoding,
		shortLinks: options.shortLinks ?? 'service',
	});
	try {
		await server.start();
	} catch (error) {
		await server.stop().catch(() => undefined);
		throw error;
	}
	const primaryUrl = server.url('primary');
	return {
		primaryUrl,
		backupUrl: server.url('backup'),
		smtpPort: server.smtpPort,
		controlUrl: `${primaryUrl}/__control`,
		shortLinkHostUrl: server.shortLinkHostUrl,
		get state(): EmulatorState {
			return server.state;
		},
		get violations(): readonly Violation[] {
			return server.conformance.violations;
		},
		takeViolations: () => server.conformance.take(),
		reset: () => server.reset(),
		stop: () => server.stop(),
	};
}
