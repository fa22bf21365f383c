import { collect } from './callbackInput';
import { parseFields, parseRecords } from './callbackRecords';
import { parseDlrColumns } from './dlrColumns';
import type { CallbackEvent, CallbackInput, ParseResult } from './eventFields';

export type { CallbackEvent, CallbackInput, ParseResult };

/**
 * Turning one callback request into reports, one per delivery report, inbound message, lookup
 * result, click or bulk start. Pure: no n8n context, never throws on any input, and linear in the
 * size of the request: its size is checked against PARSE_LIMITS (limits.ts) before anything is
 * decoded or expanded, and an oversized request is refused at once (413).
 *
 * The service's shapes (docs/service-behaviour.md, "Callbacks"):
 * - delivery report: GET, every parameter carries 1 to 5 comma-separated values aligned by position;
 * - inbound message: POST form; short-link click: GET; bulk start: method not documented;
 * - number lookup: POST with an array of entries, as JSON or form-encoded arrays (unconfirmed which).
 * n8n parses form bodies with Node's `querystring` (flat keys such as `0[id]`, `id[]`) and query
 * strings with Express's parser (nested objects with the extended parser), so both are accepted.
 */

/** Reason given when parsing met something it did not expect; never seen unless there is a bug. */
export const INTERNAL_PARSE_FAILURE = 'the callback could not be read';

/**
 * The reports of one callback request for the given event. Malformed reports are listed in
 * `dropped` while the valid ones of the same request are kept; a request that cannot be read
 * consistently (delivery report columns of different lengths) is refused with 400, one over the
 * size limits with 413, before any of it is expanded.
 */
export function parseCallback(event: CallbackEvent, input: CallbackInput): ParseResult {
	try {
		const collected = collect(input);
		switch (collected.kind) {
			case 'tooLarge':
				return { ok: false, status: collected.status, reason: collected.reason };
			case 'empty':
				return { ok: true, reports: [], dropped: [], warnings: [] };
			case 'unreadable':
				return {
					ok: true,
					reports: [],
					dropped: [{ position: 0, reason: 'body is neither JSON nor form data' }],
					warnings: [],
				};
			case 'records':
				return parseRecords(event, collected.records);
			case 'fields':
				if (event === 'dlr') return parseDlrColumns(collected.fields);
				return parseFields(event, collected.fields);
		}
	} catch (error) {
		// The checks above leave nothing to throw on; should anything still do, the caller gets a
		// clean refusal (the fuzz suite asserts that this never happens).
		return {
			ok: false,
			status: 400,
			reason: `${INTERNAL_PARSE_FAILURE} (${error instanceof Error ? error.name : 'error'})`,
		};
	}
}
