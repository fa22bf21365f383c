/**
 * The callbacks that make the most output per character of request, for every event, at the
 * node's size limits (PARSE_LIMITS): the most reports, extra fields that a report-by-report copy
 * multiplies (values sent once for all reports, long field names repeated in each), a text body
 * at the length limit, event fields sent once for every entry. Each is built as the text that
 * goes over the wire, so its size is what a caller pays; `asReceived` hands it over the way n8n
 * does (query and JSON parsed, a text/plain body left raw).
 *
 * Used by test/trigger/handler.outputBounds.test.ts, the fuzz suite and the real-n8n test.
 */
import type { IDataObject } from 'n8n-workflow';

import type { CallbackEvent } from '../../../nodes/Smsapi/callbacks/eventFields';
import { PARSE_LIMITS } from '../../../nodes/Smsapi/callbacks/limits';

/** Express's query parser (`qs`, as n8n's Express uses it); it ships no types of its own. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parse: parseQs } = require('qs') as { parse: (text: string) => Record<string, unknown> };

export interface SentCallback {
	name: string;
	event: CallbackEvent;
	method: 'GET' | 'POST';
	/** The query string as sent, without `?` (commas as the service sends them, unencoded). */
	query?: string;
	/** A JSON body (application/json: n8n parses it). */
	json?: string;
	/** A text/plain body (n8n leaves it to the node). */
	text?: string;
	/** The reports the node makes of it; 0: it refuses the callback (413). */
	reports: number;
}

/** The field whose values say how many reports a callback holds, per event. */
export const COUNT_FIELD: Record<CallbackEvent, string> = {
	dlr: 'MsgId',
	mo: 'sms_from',
	hlr: 'id',
	click: 'MsgId',
	bulk: 'info',
};

/** An event field of free text per event (not the count field), for values sent once. */
const TEXT_FIELD: Record<Exclude<CallbackEvent, 'dlr'>, string> = {
	mo: 'sms_text',
	hlr: 'info',
	click: 'device',
	bulk: 'text',
};

export const METHOD: Record<CallbackEvent, 'GET' | 'POST'> = {
	dlr: 'GET',
	click: 'GET',
	mo: 'POST',
	hlr: 'POST',
	bulk: 'POST',
};

/**
 * Characters of items per character of request, at most. The event's own fields make up to about
 * 50 (a delivery report of 4 characters, `1,` and `A,`, becomes 14 fields with their names), the
 * copies of extra fields at most PARSE_LIMITS.maxExtraCopies on top; 67 is the most found.
 */
export const OUTPUT_PER_INPUT = 100;

/**
 * The characters of items as n8n stores them (JSON), item by item: all of them together can be
 * more than one string may hold.
 */
export function outputSize(items: IDataObject[]): number {
	let size = 2;
	for (const json of items) size += JSON.stringify({ json }).length + 1;
	return size;
}

/** Characters of a request: its query and its body, as sent. */
export function sentSize(callback: SentCallback): number {
	return (callback.query ?? '').length + (callback.json ?? callback.text ?? '').length;
}

/** Query, body and raw body as n8n hands them to the node. */
export function asReceived(callback: SentCallback): {
	query: IDataObject;
	body: unknown;
	rawBody?: Buffer;
} {
	const query = callback.query === undefined ? {} : (parseQs(callback.query) as IDataObject);
	if (callback.json !== undefined) return { query, body: JSON.parse(callback.json) as unknown };
	if (callback.text !== undefined) return { query, body: {}, rawBody: Buffer.from(callback.text) };
	return { query, body: {} };
}

/** The longest value the node keeps. */
const LONGEST = 'x'.repeat(PARSE_LIMITS.maxFieldLength);
/** The longest field name the node accepts. */
const LONGEST_NAME = 'n'.repeat(PARSE_LIMITS.maxKeyLength - 8);

/** `count` distinct ids starting with `tag` (distinct across callbacks, for the dedupe memory). */
export function ids(tag: string, count: number): string[] {
	return Array.from({ length: count }, (_, i) => `${tag}${i}`);
}

/** The event's own fields of `count` reports: ids (dlr: a status too), as JSON values. */
function ownFields(event: CallbackEvent, tag: string, count: number): Record<string, unknown> {
	const values = ids(tag, count);
	if (event === 'dlr')
		return { MsgId: values.join(','), status: values.map(() => '404').join(',') };
	return { [COUNT_FIELD[event]]: values };
}

/** The same as form pairs (`f=1&f=2`; dlr: comma-separated columns). */
function ownPairs(event: CallbackEvent, tag: string, count: number): string[] {
	const values = ids(tag, count);
	if (event === 'dlr')
		return [`MsgId=${values.join(',')}`, `status=${values.map(() => '404').join(',')}`];
	return values.map((value) => `${COUNT_FIELD[event]}=${value}`);
}

/** Room left for extra fields in a request's parsed data (PARSE_LIMITS.maxTotalChars), with a margin. */
function roomFor(own: Record<string, unknown>): number {
	return PARSE_LIMITS.maxTotalChars - JSON.stringify(own).length - 1000;
}

/** The worst callbacks of one event; `tag` starts every id (fresh ids for a memory that saw others). */
export function worstCallbacks(event: CallbackEvent, tag = 'r'): SentCallback[] {
	const most = PARSE_LIMITS.maxReports;
	const method = METHOD[event];
	const shapes: SentCallback[] = [];

	shapes.push(
		event === 'dlr' || event === 'click'
			? {
					name: 'the most reports, each with its id only',
					event,
					method,
					reports: most,
					query: ownPairs(event, tag, most).join('&'),
				}
			: {
					name: 'the most reports, each with its id only',
					event,
					method,
					reports: most,
					json: JSON.stringify(ownFields(event, tag, most)),
				},
	);

	{
		// Extra fields of the longest value kept, as many as the size limit allows, sent once.
		const own = ownFields(event, tag, most);
		const body: Record<string, unknown> = { ...own };
		const count = Math.floor(roomFor(own) / (LONGEST.length + 8));
		for (let i = 0; i < count; i++) body[`x${i}`] = LONGEST;
		shapes.push({
			name: 'the most reports and extra fields up to the size limit, sent once',
			event,
			method,
			reports: most,
			json: JSON.stringify(body),
		});
	}

	{
		// Extra fields with the longest names and one short value per report: each name is
		// repeated in every report. Up to the size limit (dlr: one text per field) or the limit of
		// values (others: one array entry per report).
		const own = ownFields(event, tag, most);
		const body: Record<string, unknown> = { ...own };
		if (event === 'dlr') {
			const column = Array.from({ length: most }, () => 'a').join(',');
			const count = Math.floor(roomFor(own) / (LONGEST_NAME.length + 8 + column.length));
			for (let i = 0; i < count; i++) body[`${LONGEST_NAME}${i}`] = column;
		} else {
			const count = Math.floor((PARSE_LIMITS.maxNodes - most - 10) / (most + 2));
			for (let i = 0; i < count; i++)
				body[`${LONGEST_NAME}${i}`] = Array.from({ length: most }, () => 'a');
		}
		shapes.push({
			name: 'the most reports and extra fields with the longest names, one value each',
			event,
			method,
			reports: most,
			json: JSON.stringify(body),
		});
	}

	{
		// A text body at the length limit: reports as form pairs, the rest extra fields of the longest value.
		const reports = event === 'dlr' ? most : PARSE_LIMITS.maxPairs - 20;
		const own = ownPairs(event, tag, reports);
		const head = own.join('&');
		const count = Math.floor((PARSE_LIMITS.maxBodyLength - head.length) / (LONGEST.length + 8));
		const extras = Array.from({ length: count }, (_, i) => `x${i}=${LONGEST}`);
		shapes.push({
			name: 'a text body at the length limit',
			event,
			method,
			reports,
			text: [head, ...extras].join('&'),
		});
	}

	{
		// One extra value as long as the copy limit allows for 128 reports: the most copies kept.
		const reports = 128;
		const length = Math.floor(PARSE_LIMITS.maxExtraCopies / (reports - 1)) - 1 - 6;
		const pairs = [...ownPairs(event, tag, reports), `x=${'v'.repeat(length)}`];
		shapes.push(
			event === 'dlr' || event === 'click'
				? {
						name: 'one extra value just within the copy limit',
						event,
						method,
						reports,
						query: pairs.join('&'),
					}
				: {
						name: 'one extra value just within the copy limit',
						event,
						method,
						reports,
						text: pairs.join('&'),
					},
		);
	}

	if (event !== 'dlr') {
		// An event field of the longest value sent once for every entry of parallel arrays.
		const body = { ...ownFields(event, tag, most), [TEXT_FIELD[event]]: LONGEST };
		shapes.push({
			name: 'an event field sent once for every entry',
			event,
			method,
			reports: 0,
			json: JSON.stringify(body),
		});
	}
	return shapes;
}
