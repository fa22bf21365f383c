import { NodeApiError } from 'n8n-workflow';
import type { Failure, IDataObject, INode, JsonObject } from 'n8n-workflow';

import { displayUrl, redactSecrets } from './redact';

/**
 * What every error of the transport is made of: the line that says where the request went, its
 * sentences, and the NodeApiError built from sanitised parts only. The errors themselves are in
 * serviceError.ts (the service answered an error) and failureErrors.ts (no usable answer).
 */

/** Where a request went; shown in error descriptions so a user can tell primary from backup. */
export interface SmsapiRequestSummary {
	method?: string;
	endpoint?: string;
	address?: 'primary' | 'backup';
	baseUrl?: string;
	attempts?: number;
	itemIndex?: number;
}

export function sentence(text: string): string {
	const trimmed = text.trim();
	if (trimmed === '') return trimmed;
	const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
	return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

export function summaryLine(summary: SmsapiRequestSummary, httpStatus?: number): string {
	const parts: string[] = [];
	const what = [summary.method, summary.endpoint].filter(Boolean).join(' ');
	if (what) parts.push(`Request: ${what}`);
	if (summary.address) {
		parts.push(
			`on the ${summary.address} address${summary.baseUrl ? ` (${displayUrl(summary.baseUrl)})` : ''}`,
		);
	}
	if (httpStatus !== undefined) parts.push(`HTTP ${httpStatus}`);
	if (summary.attempts !== undefined) {
		parts.push(`${summary.attempts} attempt${summary.attempts === 1 ? '' : 's'}`);
	}
	return parts.length ? `${parts.join(', ')}.` : '';
}

interface ErrorParts {
	message: string;
	description: string;
	httpCode: string | null;
	context: IDataObject;
	serviceMessage?: string;
	failure?: Failure;
	itemIndex?: number;
}

/**
 * Builds the NodeApiError from sanitised parts only. The raw HTTP error (whose config carries
 * the Authorization header and the legacy password in its query) is never passed in, so n8n
 * cannot serialise it into execution data.
 */
export function buildError(
	node: INode,
	parts: ErrorParts,
	secrets: readonly string[],
): NodeApiError {
	const clean = (text: string) => redactSecrets(text, secrets);
	const message = clean(parts.message);
	const description = clean(parts.description);
	const cleanValue = (value: unknown): unknown => {
		if (typeof value === 'string') return clean(value);
		if (Array.isArray(value)) return value.map(cleanValue);
		if (typeof value === 'object' && value !== null) {
			return Object.fromEntries(
				Object.entries(value).map(([key, inner]) => [key, cleanValue(inner)]),
			);
		}
		return value;
	};
	const context: IDataObject = {};
	for (const [key, value] of Object.entries(parts.context)) {
		if (value !== undefined) context[key] = cleanValue(value) as IDataObject[string];
	}
	const httpCode = parts.httpCode === null ? null : clean(parts.httpCode);
	const errorResponse: JsonObject = { message, description };
	if (httpCode) errorResponse.httpCode = httpCode;
	const error = new NodeApiError(node, errorResponse, {
		message,
		description,
		httpCode: httpCode ?? undefined,
		itemIndex: parts.itemIndex,
		failure: parts.failure,
	});
	// NodeApiError rewrites messages that mention network codes (ECONNRESET, ...) and keeps
	// the raw message in `messages`; this error's wording is deliberate, so set it last.
	error.message = message;
	error.description = description;
	error.messages = parts.serviceMessage ? [clean(parts.serviceMessage)] : [];
	error.httpCode = httpCode;
	Object.assign(error.context, context);
	if (parts.itemIndex !== undefined) error.context.itemIndex = parts.itemIndex;
	return error;
}
