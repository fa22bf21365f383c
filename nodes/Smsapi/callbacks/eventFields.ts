import type { IDataObject } from 'n8n-workflow';

import { hasOwn } from './formDecoding';
import type { FieldKind } from './fieldValues';

/** The callback events, the service's field names of each, and what one parse gives. */

export type CallbackEvent = 'dlr' | 'bulk' | 'click' | 'mo' | 'hlr';

/** Query parameters that are the node's own, never part of a report. */
export const RESERVED_KEYS = new Set(['secret']);

/** The service's field names per event, in the order the service documents them. */
export const EVENT_FIELDS: Record<CallbackEvent, Record<string, FieldKind>> = {
	dlr: {
		MsgId: 'id',
		status: 'int',
		status_name: 'id',
		idx: 'id',
		sent_at: 'time',
		donedate: 'time',
		username: 'id',
		points: 'number',
		to: 'id',
		mcc: 'id',
		mnc: 'id',
	},
	click: {
		MsgId: 'id',
		MsgIdx: 'id',
		suffix: 'id',
		to: 'id',
		click_date: 'time',
		device: 'text',
		operating_system: 'text',
		browser: 'text',
		username: 'id',
		ip: 'id',
	},
	mo: {
		sms_to: 'id',
		sms_from: 'id',
		sms_text: 'text',
		sms_date: 'time',
		username: 'id',
		MsgId: 'id',
	},
	hlr: {
		id: 'id',
		number: 'id',
		mcc: 'id',
		mnc: 'id',
		info: 'text',
		status: 'id',
		date: 'time',
		ported: 'flag',
		ported_from: 'id',
		idx: 'id',
	},
	bulk: {
		type: 'id',
		all: 'int',
		points: 'number',
		info: 'text',
		text: 'text',
	},
};

export interface DroppedReport {
	/** Position of the report in the request (0-based). */
	position: number;
	reason: string;
}

export type ParseResult =
	| {
			ok: true;
			reports: IDataObject[];
			/** Malformed reports left out; the valid ones of the same request are kept. */
			dropped: DroppedReport[];
			/** Oddities worth a log line that did not cost a report. */
			warnings: string[];
	  }
	| { ok: false; status: 400 | 413; reason: string };

export interface CallbackInput {
	query: unknown;
	body: unknown;
	/** The raw body as text; read when n8n left the body unparsed (missing or unknown content type). */
	rawBody?: string;
}

/** Whether `name` is one of the event's own fields (own keys only: `toString` is no field). */
export function isEventField(event: CallbackEvent, name: string): boolean {
	return hasOwn(EVENT_FIELDS[event], name);
}
