import type { IDataObject } from 'n8n-workflow';

import { EVENT_FIELDS, type CallbackEvent } from './eventFields';
import { assignField, NOT_SCALAR, scalarText } from './fieldValues';
import { hasOwn } from './formDecoding';
import { PARSE_LIMITS } from './limits';
import { resolveStatus } from './statuses';

/**
 * One report from the fields of one record: checked, with its values typed and its status named.
 * Only the event's own fields; the others are added by extraFields.ts.
 */

function hasValue(value: unknown): boolean {
	return value !== null && value !== undefined && value !== '';
}

/** Why a report cannot be used, or undefined when it can. */
function validate(event: CallbackEvent, report: IDataObject): string | undefined {
	switch (event) {
		case 'dlr':
			if (!hasValue(report.MsgId)) return 'MsgId is missing';
			if (
				report.status === null &&
				!(typeof report.status_name === 'string' && /^[A-Za-z_]+$/.test(report.status_name))
			) {
				return 'status is missing or not a number';
			}
			return undefined;
		case 'click':
			return hasValue(report.MsgId) || hasValue(report.suffix)
				? undefined
				: 'MsgId and suffix are missing';
		case 'mo':
			return hasValue(report.sms_from) || report.sms_text !== null
				? undefined
				: 'sms_from and sms_text are missing';
		case 'hlr':
			return hasValue(report.id) || hasValue(report.number)
				? undefined
				: 'id and number are missing';
		case 'bulk':
			return Object.keys(EVENT_FIELDS.bulk).some((name) => hasValue(report[name]))
				? undefined
				: 'no bulk field is present';
	}
}

/** Adds the derived fields: delivery status names and `final` for delivery reports. */
function enrich(event: CallbackEvent, report: IDataObject): IDataObject {
	if (event === 'dlr') {
		const status = resolveStatus(
			report.status as number | null,
			report.status_name as string | null,
		);
		const enriched: IDataObject = {};
		for (const key of Object.keys(report)) {
			const value = report[key];
			if (key === 'status') {
				enriched.status = value ?? status?.code ?? null;
			} else if (key === 'status_name') {
				enriched.status_name = value ?? status?.name ?? null;
				enriched.final = status?.final ?? false;
			} else {
				enriched[key] = value;
			}
		}
		return enriched;
	}
	if (
		event === 'hlr' &&
		typeof report.ported_from === 'string' &&
		report.ported_from.toLowerCase() === 'null'
	) {
		report.ported_from = null;
	}
	return report;
}

/** One report from the event's fields of one record of raw values; `problem` when it is malformed. */
export function buildReport(
	event: CallbackEvent,
	source: Record<string, unknown>,
): { report: IDataObject; problem?: undefined } | { report?: undefined; problem: string } {
	const spec = EVENT_FIELDS[event];
	const report: IDataObject = {};
	for (const name of Object.keys(spec)) {
		const kind = spec[name];
		const raw = scalarText(hasOwn(source, name) ? source[name] : undefined);
		if (raw === NOT_SCALAR) return { problem: `${name} is not a single value` };
		if (typeof raw === 'string' && raw.length > PARSE_LIMITS.maxFieldLength)
			return { problem: `${name} is too long` };
		assignField(report, name, kind, raw);
	}
	const problem = validate(event, report);
	return problem ? { problem } : { report: enrich(event, report) };
}

/** The reports that could be built, in their order. */
export function presentReports(reports: Array<IDataObject | undefined>): IDataObject[] {
	return reports.filter((report): report is IDataObject => report !== undefined);
}
