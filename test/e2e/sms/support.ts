/**
 * The emulator's control API (credits, faults, messages) and the sms.do requests it recorded, as
 * the workflow tests (test/workflow) and the real-n8n suites read them.
 */
import type { Emulator } from '../../emulator';
import { emulatorRequests, type EmulatorRequest } from '../harness';

/** A message the emulator accepted (GET /__control/messages), the fields the tests read. */
export interface EmulatedMessage {
	id: string;
	number: string;
	submittedNumber: string;
	text: string;
	sender: string;
	idx: string | null;
	encoding: 'gsm' | 'ucs2' | 'bin';
	parts: number;
	points: number;
	dateSent: number;
	scheduled: boolean;
	fast: boolean;
	flash: boolean;
	test: boolean;
	notifyUrl: string | null;
	address: 'primary' | 'backup' | 'smtp';
	group: string | null;
}

/** A generated idx: 32 hex characters (a UUID without dashes). */
export const GENERATED_IDX = /^[0-9a-f]{32}$/;

/** Calls the emulator's control API and returns its JSON answer (bounded: 10 s). */
export async function control<T = unknown>(emulator: Emulator, method: string, route: string, body?: unknown): Promise<T> {
	const res = await fetch(`${emulator.controlUrl}/${route.replace(/^\/+/, '')}`, {
		method,
		headers: body === undefined ? undefined : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
		signal: AbortSignal.timeout(10_000),
	});
	const text = await res.text();
	if (!res.ok) throw new Error(`${method} ${emulator.controlUrl}/${route} -> ${res.status} ${text}`);
	return (text ? JSON.parse(text) : undefined) as T;
}

export const setCredits = (emulator: Emulator, credits: number) => control(emulator, 'POST', 'account', { credits });

export async function credits(emulator: Emulator): Promise<number> {
	const state = await control<{ account: { points: number } }>(emulator, 'GET', 'state');
	return state.account.points;
}

export function injectFault(
	emulator: Emulator,
	fault: { address: 'primary' | 'backup'; endpoint?: string; mode: '500' | 'reset' | 'hang' | 'refuse' | 'lost'; times?: number },
) {
	return control(emulator, 'POST', 'faults', fault);
}

/** Messages the emulator accepted (test sends too with `test: true`). */
export const messages = (emulator: Emulator, opts: { test?: boolean } = {}) =>
	control<EmulatedMessage[]>(emulator, 'GET', `messages${opts.test ? '?test=1' : ''}`);

/** A recorded sms.do request with its form body. */
export interface SmsDoRequest extends EmulatorRequest {
	body: Record<string, string>;
}

/** The sms.do requests the emulator received (both addresses), in order. */
export async function smsDoRequests(emulator: Emulator): Promise<SmsDoRequest[]> {
	return (await emulatorRequests(emulator, { path: '/sms.do' })) as SmsDoRequest[];
}

/** Every request the emulator received, control API excluded. */
export const allRequests = (emulator: Emulator) => emulatorRequests(emulator);

/** The sms.do request whose body has `message` (or, with a function, matches it). */
export function requestWith(requests: SmsDoRequest[], match: string | ((body: Record<string, string>) => boolean)) {
	const found = requests.filter((r) => (typeof match === 'string' ? r.body.message === match : match(r.body)));
	if (found.length !== 1) {
		throw new Error(`expected one sms.do request matching ${String(match)}, got ${found.length}: ${JSON.stringify(requests.map((r) => r.body))}`);
	}
	return found[0];
}

/** The JSON answer the emulator gave to a recorded request. */
export function responseOf(request: EmulatorRequest): Record<string, unknown> {
	return JSON.parse(String(request.responseBody)) as Record<string, unknown>;
}
