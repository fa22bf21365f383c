/**
 * A request as the emulator reads it (RequestContext: query, form or JSON body, the parameters
 * merged as the service reads them) and as it records it (RecordedRequest, secrets redacted).
 */
import type { IncomingMessage } from 'node:http';

import type { RequestContext } from './http-types';
import type { Address, RecordedRequest } from './state';
import { parseMultipart, summarise, type FileSummary } from './multipart';
import { clientIp, flattenJson, parseFormWithEncoding, type Params } from './util';

/** Parameters whose values never go into the records or the logs. */
export const SECRET_PARAMS = new Set(['access_token', 'password', 'pass', 'pass_api', 'api_password']);

function redact(params: Params): Params {
	const out: Params = {};
	for (const [k, v] of Object.entries(params)) out[k] = SECRET_PARAMS.has(k) ? '<redacted>' : v;
	return out;
}

/** A JSON body with the secrets at any depth redacted (`credentials.password` of `POST /subusers`). */
function redactJson(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(redactJson);
	if (!value || typeof value !== 'object') return value;
	return Object.fromEntries(
		Object.entries(value).map(([k, v]) => [k, SECRET_PARAMS.has(k) ? '<redacted>' : redactJson(v)]),
	);
}

export interface IncomingRequest {
	ctx: RequestContext;
	/** The query string's parameters, and the form body's (empty for other bodies). */
	query: Params;
	formBody: Params;
	/** A JSON body that does not parse. */
	badJson: boolean;
}

/** Reads a request whose body is `raw`, as the service reads it. */
export function readRequest(address: Address, req: IncomingMessage, raw: Buffer): IncomingRequest {
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
		} else if (contentType.startsWith('multipart/form-data')) {
			ctx.bodyKind = 'multipart';
			const multipart = parseMultipart(raw, req.headers['content-type'] ?? '');
			if ('error' in multipart) ctx.multipartProblem = multipart.error;
			else {
				if (multipart.conflicting.length > 0) ctx.multipartProblem = `${multipart.conflicting.join(', ')} given twice with different values`;
				formBody = multipart.fields;
				ctx.form = formBody;
				ctx.files = multipart.files;
				Object.assign(ctx.params, formBody);
			}
		} else {
			ctx.bodyKind = 'other';
		}
	}
	return { ctx, query, formBody, badJson };
}

/** The record of a request (its answer is filled in when it goes out). */
export function recordOf(
	seq: number,
	{ ctx, query, formBody }: IncomingRequest,
	req: IncomingMessage,
	raw: Buffer,
	authMethod: RecordedRequest['authMethod'],
): RecordedRequest {
	return {
		seq,
		address: ctx.address,
		method: ctx.method,
		path: ctx.path,
		query: redact(query),
		body:
			ctx.bodyKind === 'form' || ctx.bodyKind === 'multipart'
				? redact(formBody)
				: ctx.bodyKind === 'json'
					? (redactJson(ctx.jsonBody) ?? raw.toString('utf8'))
					: raw.toString('utf8').slice(0, 10000),
		contentType: req.headers['content-type'] ?? null,
		...(ctx.files ? { files: ctx.files.map(summarise) as FileSummary[] } : {}),
		headers: Object.fromEntries(
			Object.entries(req.headers).map(([k, v]) => [
				k,
				k === 'authorization' ? String(v).replace(/^(\S+)\s.*$/, '$1 <redacted>') : String(v),
			]),
		),
		authMethod,
		remoteAddress: ctx.ip,
		time: new Date().toISOString(),
		responseStatus: 0,
		responseBody: '',
	};
}
