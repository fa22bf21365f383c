import type { IDataObject } from 'n8n-workflow';

import { resolveStatus } from '../callbacks/statuses';

/** Which reports start the workflow. A request whose reports are all filtered out starts nothing. */

/** A list typed by a user: separated by commas, semicolons or new lines; trimmed, empties dropped. */
export function parseList(value: unknown): string[] {
	const parts = Array.isArray(value) ? value.map(String) : String(value ?? '').split(/[,;\n\r]+/);
	return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/**
 * Delivery reports whose status is one of `statuses` (status names such as `DELIVERED`).
 * An empty selection passes everything.
 */
export function passesStatusFilter(report: IDataObject, statuses: string[]): boolean {
	if (statuses.length === 0) return true;
	const wanted = new Set(statuses.map((status) => status.toUpperCase()));
	const known = resolveStatus(report.status as number | null, report.status_name as string | null);
	const reported =
		typeof report.status_name === 'string' ? report.status_name.toUpperCase() : undefined;
	return (
		(known !== undefined && wanted.has(known.name)) ||
		(reported !== undefined && wanted.has(reported))
	);
}

/**
 * A phone number in one comparable form: digits only, without `+` or a `00` international prefix.
 * Alphanumeric sender names are compared case-insensitively as they are.
 */
export function normalizeSender(value: string): string {
	const trimmed = value.trim();
	const compact = trimmed.replace(/[\s\-().]/g, '');
	if (/^\+?\d+$/.test(compact)) return compact.replace(/^\+/, '').replace(/^00/, '');
	return trimmed.toLowerCase();
}

export type KeywordMatch = 'startsWith' | 'contains';

export interface InboundFilter {
	/** Any of these (case-insensitive); empty: any text. */
	keywords: string[];
	keywordMatch: KeywordMatch;
	/** Any of these senders; empty: any sender. */
	senders: string[];
}

export function passesInboundFilter(report: IDataObject, filter: InboundFilter): boolean {
	if (filter.senders.length > 0) {
		const from = typeof report.sms_from === 'string' ? normalizeSender(report.sms_from) : '';
		if (!filter.senders.some((sender) => normalizeSender(sender) === from)) return false;
	}
	if (filter.keywords.length > 0) {
		const text = (typeof report.sms_text === 'string' ? report.sms_text : '').trim().toLowerCase();
		const matches = filter.keywords.some((keyword) => {
			const wanted = keyword.toLowerCase();
			return filter.keywordMatch === 'contains' ? text.includes(wanted) : text.startsWith(wanted);
		});
		if (!matches) return false;
	}
	return true;
}
