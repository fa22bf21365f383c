import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { isLegacyRequest } from './failover';
import { flattenParameters, formEncode } from './formValues';
import { encodeMultipart, multipartContentType } from './multipart';
import type { SmsapiRequest } from './types';
import { USER_AGENT } from './version';

/** 30 s: a send of 10 000 recipients is answered well within it. */
export const DEFAULT_TIMEOUT_MS = 30_000;

function sendsBody(method: SmsapiRequest['method']): boolean {
	return method === 'POST' || method === 'PUT';
}

/** Joins a base address and an endpoint (`sms.do`, `/contacts/abc`) with exactly one slash. */
function joinUrl(baseUrl: string, endpoint: string): string {
	return `${baseUrl.replace(/\/+$/, '')}/${endpoint.trim().replace(/^\/+/, '')}`;
}

/**
 * The n8n request options for one attempt. Authentication is not done here: the credential's
 * `authenticate` adds the bearer header or the legacy username/password when the helper runs.
 * - Legacy endpoints get `format=json` (first in the body of a POST, in the query otherwise).
 * - Bodies are form-encoded (JSON with `bodyFormat: 'json'`, multipart with `bodyFormat:
 *   'multipart'` and `boundary`, the request's own); GET/DELETE carry their parameters in the query.
 * - The body arrives as bytes (`json: false`, `encoding: 'arraybuffer'`: a long answer never
 *   becomes one string, pacedJson.ts) and is parsed by content;
 *   every HTTP status resolves (`ignoreHttpStatusErrors`) so that failover can read it.
 */
export function buildHttpRequestOptions(
	request: SmsapiRequest,
	baseUrl: string,
	timeoutMs: number = DEFAULT_TIMEOUT_MS,
	boundary?: string,
): IHttpRequestOptions {
	const legacy = isLegacyRequest(request);
	let qs = flattenParameters(request.qs);
	let body = flattenParameters(request.body);
	const withBody = sendsBody(request.method);
	if (!withBody) {
		qs = { ...qs, ...body };
		body = {};
	}
	if (legacy) {
		if ('format' in body) body.format = 'json';
		else if ('format' in qs) qs.format = 'json';
		else if (withBody) body = { format: 'json', ...body };
		else qs = { format: 'json', ...qs };
	}

	const headers: IDataObject = {
		'User-Agent': USER_AGENT,
		Accept: 'application/json, text/plain;q=0.9, */*;q=0.8',
	};
	const options: IHttpRequestOptions = {
		// n8n's type lists no OPTIONS; its request helper passes the method to axios, which sends any.
		method: request.method as IHttpRequestOptions['method'],
		url: joinUrl(baseUrl, request.endpoint),
		headers,
		timeout: request.timeout ?? timeoutMs,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		json: false,
		encoding: 'arraybuffer',
	};
	if (Object.keys(qs).length) options.qs = qs;
	if (withBody && request.bodyFormat === 'multipart') {
		if (!request.file || !boundary) throw new Error('A multipart body needs its file and boundary');
		headers['Content-Type'] = multipartContentType(boundary);
		options.body = encodeMultipart(body, request.file, boundary);
	} else if (withBody && request.bodyFormat === 'json' && !legacy) {
		headers['Content-Type'] = 'application/json';
		options.body = JSON.stringify(request.body ?? {});
	} else if (withBody) {
		// With the charset named, n8n's request helper takes the body as the text it is: for exactly
		// `application/x-www-form-urlencoded` it first parses it into URLSearchParams, only to drop
		// them again for the text (both n8n lines); that costs megabytes for 10,000 recipients.
		headers['Content-Type'] = 'application/x-www-form-urlencoded; charset=utf-8';
		options.body = formEncode(body);
	}
	return options;
}
