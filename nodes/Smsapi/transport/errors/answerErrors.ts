import type { IDataObject } from 'n8n-workflow';

import { isDecimalText } from '../../helpers/values';
import { isObject } from '../responseBody';
import type { ParsedBody } from '../responseBody';
import { redactedExcerpt } from './redact';

/**
 * Finding the service's own error in an answer: legacy endpoints report it with HTTP 200 in the
 * body (`{"error": 13, ...}` or `ERROR:13`), REST endpoints with a real status and a JSON body.
 */

/** A request-level error of the service, separated from the HTTP layer. */
export interface ServiceError {
	/** Numeric legacy code, a REST tag (`authorization_failed`), or the HTTP status when the body named none. */
	code: number | string;
	message?: string;
	invalidNumbers?: IDataObject[];
	fieldErrors?: IDataObject[];
	developerDescription?: string;
}

/**
 * `ERROR:<ERR>` or `ERROR: <ERR>` (optionally followed by a space and a text) as a request-level
 * error. HLR entries `ERROR:<NUMBER>:<ERR>;` are per-number results, not matched here.
 */
export function parseErrorText(text: string): ServiceError | undefined {
	const match = /^ERROR:\s*(\d+)\s*(?:[\s-]\s*(.*))?$/s.exec(text.trim());
	if (!match) return undefined;
	const message = match[2]?.trim();
	return message ? { code: Number(match[1]), message } : { code: Number(match[1]) };
}

function stringOrUndefined(value: unknown): string | undefined {
	if (typeof value === 'string') return value;
	if (typeof value === 'number') return String(value);
	return undefined;
}

function objectList(value: unknown): IDataObject[] | undefined {
	if (!Array.isArray(value)) return undefined;
	const list = value.filter(isObject);
	return list.length ? list : undefined;
}

/**
 * The error a body carries, if any:
 * - legacy JSON `{error: <int>, message, invalid_numbers?}` (HTTP 200), sch_del `{error, messages}`;
 * - REST `{message, error: "<tag>", developer_description, errors, code}` (HTTP 4xx/5xx);
 * - text `ERROR:<n>`;
 * - any HTTP status of 400 or more with a body that names nothing (code = the status).
 * An HLR entry `{error: 13, number, status: "ERROR"}` is a per-number result, not an error.
 * A text answer's words are kept to 300 characters, `secrets` removed before the cut.
 */
export function findServiceError(
	parsed: ParsedBody,
	httpStatus: number,
	secrets: readonly string[] = [],
): ServiceError | undefined {
	if (parsed.type === 'json' && isObject(parsed.value)) {
		const body = parsed.value;
		const isHlrEntry = body.status === 'ERROR' && 'number' in body && body.message === undefined;
		const rawCode = body.error;
		let code: number | string | undefined;
		if (typeof rawCode === 'number') code = rawCode;
		else if (typeof rawCode === 'string' && isDecimalText(rawCode)) code = Number(rawCode);
		else if (typeof rawCode === 'string' && rawCode.trim() !== '') code = rawCode.trim();
		if (code !== undefined && !isHlrEntry) {
			const error: ServiceError = { code };
			const message = stringOrUndefined(body.message) ?? stringOrUndefined(body.messages);
			if (message) error.message = message;
			const invalidNumbers = objectList(body.invalid_numbers);
			if (invalidNumbers) error.invalidNumbers = invalidNumbers;
			const fieldErrors = objectList(body.errors);
			if (fieldErrors) error.fieldErrors = fieldErrors;
			const developerDescription = stringOrUndefined(body.developer_description);
			if (developerDescription) error.developerDescription = developerDescription;
			return error;
		}
		if (httpStatus >= 400) {
			const error: ServiceError = { code: httpStatus };
			const message = stringOrUndefined(body.message) ?? stringOrUndefined(body.messages);
			if (message) error.message = message;
			const fieldErrors = objectList(body.errors);
			if (fieldErrors) error.fieldErrors = fieldErrors;
			return error;
		}
		return undefined;
	}
	if (parsed.type === 'text') {
		const textError = parseErrorText(parsed.text);
		if (textError) return textError;
		if (httpStatus >= 400)
			return { code: httpStatus, message: redactedExcerpt(parsed.text, secrets, 300) };
		return undefined;
	}
	if (httpStatus >= 400) return { code: httpStatus };
	return undefined;
}
