/**
 * One-time codes: `/mfa/codes` (JSON `CreateMFACode` → 201 `MFACode`, 400 for a number that is not
 * mobile) and `/mfa/codes/verifications` (form `VerifyMFACode` → 204 valid, 404 no such code, 408
 * expired).
 */
import { randomInt } from 'node:crypto';

import { empty, json, restError, type HandlerResponse, type RequestContext } from './http-types';
import { checkMobileNumber } from './numbers';
import type { Runtime } from './runtime';
import { hexId } from './util';
import { bodyFields, invalid, methodNotAllowed, notFound, requireMedia } from './rest-http';
import { extraState, type MfaCode } from './extra-state';

const CODE_PLACEHOLDER = '[%code%]';

export function mfa(rt: Runtime, ctx: RequestContext, rest: string[]): HandlerResponse {
	const extra = extraState(rt.state);
	if (rest.length === 0) {
		if (ctx.method !== 'POST') return methodNotAllowed();
		const media = requireMedia(ctx, ['json']);
		if (media) return media;
		const body = bodyFields(ctx);
		const number = String(body.phone_number ?? '');
		const check = checkMobileNumber(number);
		if (!check.ok) {
			return restError(400, 'invalid_phone_number', 'Invalid phone number - only mobile are acceptable', {
				errors: [{ message: check.reason, error: 'invalid_phone_number', path: 'phone_number', value: number }],
			});
		}
		const content = body.content === undefined ? `Your code: ${CODE_PLACEHOLDER}` : String(body.content);
		if (!content.includes(CODE_PLACEHOLDER)) {
			return invalid('content', content, 'Custom content must contain the placeholder [%code%]');
		}
		const from = body.from === undefined || body.from === '' ? null : String(body.from);
		if (from !== null && from !== 'Test' && !rt.state.senders.some((s) => s.name === from && s.status === 'ACTIVE')) {
			return invalid('from', from, 'Sender name is not active or does not exist');
		}
		const code: MfaCode = {
			id: hexId(),
			code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
			phone_number: check.number,
			from,
			content: content.split(CODE_PLACEHOLDER).join('…'),
			expiresAt: Date.now() + extra.mfaValidityMs,
			used: false,
		};
		// A newer code replaces the earlier ones of the number.
		for (const earlier of extra.mfaCodes) if (earlier.phone_number === code.phone_number) earlier.used = true;
		extra.mfaCodes.push(code);
		return json(201, { id: code.id, code: code.code, phone_number: code.phone_number, from: code.from });
	}
	if (rest.length !== 1 || rest[0] !== 'verifications') return notFound('Not found');
	if (ctx.method !== 'POST') return methodNotAllowed();
	const media = requireMedia(ctx, ['form']);
	if (media) return media;
	const body = bodyFields(ctx);
	const number = checkMobileNumber(String(body.phone_number ?? '')).number;
	const given = String(body.code ?? '');
	const code = extra.mfaCodes.find((c) => c.phone_number === number && !c.used && c.code === given);
	if (!code) return notFound('MFA code for given mobile number not found');
	if (Date.now() > code.expiresAt) return restError(408, 'mfa_code_expired', 'MFA code expired');
	code.used = true;
	return empty(204);
}
