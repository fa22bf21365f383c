import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

import { md5, startEmulator, type Emulator, type EmulatorOptions } from './index';

export const TOKEN = 'test-token';
export const PASSWORD_MD5 = md5('demo-password');

/** Quiet emulator with short delays so the suite stays fast. */
export function startTestEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
	return startEmulator({ quiet: true, dlrDelayMs: 20, callbackRetryMs: 50, ...options });
}

/** The emulator of the running test file, set by useTestEmulator() before its tests run. */
export let emu: Emulator;

/**
 * One quiet emulator for the test file, reset before each test. Requests sent on purpose against
 * the published API are taken where they are made; any other fails the test.
 */
export function useTestEmulator(): void {
	beforeAll(async () => {
		emu = await startTestEmulator();
	});
	afterAll(async () => {
		await emu.stop();
	});
	beforeEach(() => emu.reset());
	afterEach(() => expect(takeViolations(emu)).toEqual([]));
}

export interface Reply {
	status: number;
	text: string;
	json: <T = any>() => T;
}

async function toReply(response: Response): Promise<Reply> {
	const text = await response.text();
	return { status: response.status, text, json: () => JSON.parse(text) };
}

export async function post(
	url: string,
	params: Record<string, string | number>,
	headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` },
): Promise<Reply> {
	const body = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
	return toReply(
		await fetch(url, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
			body,
		}),
	);
}

export async function request(
	url: string,
	init: { method?: string; headers?: Record<string, string>; body?: string; auth?: boolean } = {},
): Promise<Reply> {
	const headers = { ...(init.auth === false ? {} : { Authorization: `Bearer ${TOKEN}` }), ...(init.headers ?? {}) };
	return toReply(await fetch(url, { method: init.method ?? 'GET', headers, body: init.body }));
}

export async function control<T = any>(emulator: Emulator, route: string, body?: unknown, method?: string): Promise<T> {
	const response = await fetch(`${emulator.controlUrl}/${route}`, {
		method: method ?? (body === undefined ? 'GET' : 'POST'),
		headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	if (response.status >= 400) throw new Error(`control ${route}: ${response.status} ${text}`);
	return (text ? JSON.parse(text) : undefined) as T;
}

export interface ReceivedCall {
	method: string;
	url: URL;
	body: string;
	contentType: string | undefined;
}

export interface Receiver {
	url: string;
	calls: ReceivedCall[];
	/** Answers in order; the last one repeats. */
	answers: Array<{ status: number; body: string }>;
	waitFor(count: number, timeoutMs?: number): Promise<ReceivedCall[]>;
	close(): Promise<void>;
}

/** A local HTTP receiver for callbacks, answering `OK` unless told otherwise. */
export async function startReceiver(answers: Array<{ status: number; body: string }> = [{ status: 200, body: 'OK' }]): Promise<Receiver> {
	const calls: ReceivedCall[] = [];
	const receiver: Receiver = {
		url: '',
		calls,
		answers,
		waitFor: (count, timeoutMs = 3000) => waitFor(() => (calls.length >= count ? calls : undefined), timeoutMs),
		close: () => new Promise((resolve) => {
			server.closeAllConnections();
			server.close(() => resolve());
		}),
	};
	const server = http.createServer((req: IncomingMessage, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			calls.push({
				method: req.method ?? '',
				url: new URL(req.url ?? '/', 'http://receiver'),
				body: Buffer.concat(chunks).toString('utf8'),
				contentType: req.headers['content-type'],
			});
			const answer = receiver.answers[Math.min(calls.length - 1, receiver.answers.length - 1)];
			res.writeHead(answer.status, { 'Content-Type': 'text/plain' });
			res.end(answer.body);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
	receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cb`;
	return receiver;
}

export async function waitFor<T>(probe: () => T | undefined, timeoutMs = 3000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error('waitFor: timed out');
		await new Promise((r) => setTimeout(r, 10));
	}
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** POST with a JSON body (the published API's media type for /callbacks and /mfa/codes). */
export function postJson(url: string, body: unknown, headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }): Promise<Reply> {
	return request(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body), auth: false });
}

/**
 * Takes the emulator's recorded non-conforming requests (see conformance/) and returns them as
 * `METHOD path: field, field` lines, for tests that send such requests on purpose.
 */
export function takeViolations(emulator: Emulator): string[] {
	return emulator.takeViolations().map((v) => `${v.method} ${v.path.replace(/[0-9a-f]{24}/g, '{id}')}: ${v.problems.map((p) => p.path).join(', ')}`);
}
