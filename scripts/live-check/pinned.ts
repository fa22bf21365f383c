/**
 * What the emulator answers to each check, pinned in expected.json: per check how it ends and,
 * per request it makes, the HTTP status, the error code and the shape of the answer. Written by
 * `npm run live-check -- --emulator --pin` and kept equal to a fresh emulator's answers by
 * test/live-check/expected.engine.test.ts, so a deliberate change of the emulator shows in review and,
 * against the real service, as DIFFERS.
 */
import * as fs from 'fs';
import * as path from 'path';

import { shapeOf, type Shape } from './shapes';
import { requestLabel, type WireRequest, type WireResponse } from './wire';

export const EXPECTED_FILE = path.join(__dirname, 'expected.json');

export interface PinnedAnswer {
	/** `POST /sms.do`, `DELETE /contacts/{id}`. */
	request: string;
	status: number;
	/** The service's error code (legacy `error`, REST error tag), when the answer carries one. */
	error?: number | string;
	/** JSON answers: their shape; `empty`; or `text:<first word>` for text answers. */
	body: Shape | 'empty' | `text:${string}`;
}

export interface PinnedCheck {
	outcome: 'success' | 'error' | 'skipped';
	answers: PinnedAnswer[];
}

export interface Pinned {
	about: string;
	checks: Record<string, PinnedCheck>;
}

export const PINNED_ABOUT =
	'The emulator (test/emulator) answering the live check (scripts/live-check). Regenerate with `npm run live-check -- --emulator --pin` after a deliberate emulator change.';

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
	try {
		return { ok: true, value: JSON.parse(text) as unknown };
	} catch {
		return { ok: false };
	}
}

function errorCodeOf(value: unknown): number | string | undefined {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
	const error = (value as Record<string, unknown>).error;
	return typeof error === 'number' || (typeof error === 'string' && error !== '') ? error : undefined;
}

/** The pinned description of one answered request. */
export function describeAnswer(exchange: { request: Pick<WireRequest, 'method' | 'path'>; response?: WireResponse }): PinnedAnswer | undefined {
	if (!exchange.response) return undefined;
	const { status, body } = exchange.response;
	const answer: PinnedAnswer = { request: requestLabel(exchange.request), status, body: 'empty' };
	if (body.trim() === '') return answer;
	const parsed = parseJson(body);
	if (parsed.ok) {
		answer.body = shapeOf(parsed.value);
		const error = errorCodeOf(parsed.value);
		if (error !== undefined) answer.error = error;
		return answer;
	}
	const textError = /^ERROR:(\d+)/.exec(body.trim());
	if (textError) answer.error = Number(textError[1]);
	answer.body = `text:${body.trim().split(/[:\s]/)[0]}`;
	return answer;
}

export function readPinned(file = EXPECTED_FILE): Pinned {
	return JSON.parse(fs.readFileSync(file, 'utf8')) as Pinned;
}

export function writePinned(pinned: Pinned, file = EXPECTED_FILE): void {
	fs.writeFileSync(file, `${JSON.stringify(pinned, null, '\t')}\n`);
}
