/** Callbacks sent as the service sends them (delivery reports, fresh message ids) and requests to the emulator's service interface. */
import type { Emulator } from '../../../emulator';

export interface HttpAnswer {
	status: number;
	body: string;
}

/** Calls a URL as the service would and returns the answer (bounded: 10 s). */
export async function call(
	url: string,
	init: { method?: string; query?: Record<string, string>; form?: Record<string, string> | URLSearchParams; json?: unknown } = {},
): Promise<HttpAnswer> {
	const target = new URL(url);
	for (const [key, value] of Object.entries(init.query ?? {})) target.searchParams.append(key, value);
	let body: string | undefined;
	const headers: Record<string, string> = { 'user-agent': 'smsapi-trigger-e2e' };
	if (init.form !== undefined) {
		body = new URLSearchParams(init.form).toString();
		headers['content-type'] = 'application/x-www-form-urlencoded; charset=utf-8';
	} else if (init.json !== undefined) {
		body = JSON.stringify(init.json);
		headers['content-type'] = 'application/json; charset=utf-8';
	}
	const res = await fetch(target, {
		method: init.method ?? (body === undefined ? 'GET' : 'POST'),
		headers,
		body,
		signal: AbortSignal.timeout(10_000),
	});
	return { status: res.status, body: await res.text() };
}

/** A delivery report as the service sends it (all values as strings). */
export interface DlrValues {
	MsgId: string;
	status: string;
	status_name: string;
	idx?: string;
	sent_at?: string;
	donedate?: string;
	username?: string;
	points?: string;
	to?: string;
	mcc?: string;
	mnc?: string;
}

const DLR_FIELDS = ['MsgId', 'status', 'status_name', 'idx', 'sent_at', 'donedate', 'username', 'points', 'to', 'mcc', 'mnc'] as const;

/** The query of one delivery-report request: each field's values comma-separated, aligned by position. */
export function dlrQuery(reports: DlrValues[]): Record<string, string> {
	const query: Record<string, string> = {};
	for (const field of DLR_FIELDS) query[field] = reports.map((report) => report[field] ?? '').join(',');
	return query;
}

/** A delivery report of a fresh message id (19 digits, like the service's). */
export function dlr(overrides: Partial<DlrValues> = {}): DlrValues {
	const now = Math.floor(Date.now() / 1000);
	return {
		MsgId: freshMsgId(),
		status: '404',
		status_name: 'DELIVERED',
		idx: '',
		sent_at: String(now - 60),
		donedate: String(now),
		username: 'demo',
		points: '0.165',
		to: '48500000001',
		mcc: '260',
		mnc: '2',
		...overrides,
	};
}

let msgCounter = 0;
/** A 19-digit message id no earlier test used (the dedupe memory outlives the emulator's resets). */
export function freshMsgId(): string {
	msgCounter += 1;
	return `${Date.now()}${String(msgCounter).padStart(6, '0')}`;
}

// Emulator: callback registry and callback log

/**
 * A request to the emulator's service interface with the test token (a form body, or with
 * `json` a JSON body as the published API wants for /callbacks); returns the status and the JSON answer.
 */
export async function serviceRequest<T = unknown>(
	emulator: Emulator,
	method: 'GET' | 'POST' | 'PUT' | 'DELETE',
	path: string,
	form?: Record<string, string>,
	json?: Record<string, unknown>,
): Promise<{ status: number; body: T }> {
	const res = await fetch(`${emulator.primaryUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`, {
		method,
		headers: {
			authorization: 'Bearer test-token',
			...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
			...(json ? { 'content-type': 'application/json' } : {}),
		},
		body: form ? new URLSearchParams(form).toString() : json ? JSON.stringify(json) : undefined,
		signal: AbortSignal.timeout(10_000),
	});
	const text = await res.text();
	return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}
