import type { IncomingHttpHeaders } from 'node:http';

import type { UploadedFile } from './multipart';
import type { Address } from './state';
import type { Params } from './util';

export interface RequestContext {
	address: Address;
	method: string;
	/** Path without the query string, always starting with `/`. */
	path: string;
	query: Params;
	/** Query and body merged (body wins), as the service reads parameters. */
	params: Params;
	bodyKind: 'none' | 'form' | 'json' | 'multipart' | 'other';
	/** The form body's own fields (bodyKind `form`; a multipart body's text parts), without the query. */
	form: Params;
	/** A multipart body's parts with a filename. */
	files?: UploadedFile[];
	/** Why a multipart body could not be read, or which parameters it gave twice with different values. */
	multipartProblem?: string;
	jsonBody: unknown;
	headers: IncomingHttpHeaders;
	ip: string;
}

export interface HandlerResponse {
	status: number;
	body: string;
	contentType: string;
	headers?: Record<string, string>;
}

export function json(status: number, value: unknown): HandlerResponse {
	return { status, body: JSON.stringify(value), contentType: 'application/json; charset=utf-8' };
}

export function text(status: number, value: string): HandlerResponse {
	return { status, body: value, contentType: 'text/plain; charset=utf-8' };
}

export function empty(status: number): HandlerResponse {
	return { status, body: '', contentType: 'text/plain; charset=utf-8' };
}

/** REST error shape: `{message, error, developer_description, errors}` with a real HTTP status. */
export function restError(
	status: number,
	error: string,
	message: string,
	extra: Record<string, unknown> = {},
): HandlerResponse {
	return json(status, { message, error, developer_description: null, errors: null, ...extra });
}
