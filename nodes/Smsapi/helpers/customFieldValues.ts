/**
 * Values of the contacts database's custom fields, checked against the field's type before
 * anything is sent. The types are `FieldType` of the published API (contacts_com.yml): text, date,
 * email, phone_number, number. The service takes a value as a form field named like the custom
 * field and answers it as text (the official PHP client's `setCustomField(string $name, string
 * $value)` and `ContactCustomFieldFactory`); whether it checks a value against the field's type is
 * not published (docs/service-differences.md, C8), so the node does.
 */
import { cleanNumber, validateNumber } from './numbers';
import { isDecimalText } from './values';

export type CustomFieldCheck =
	{ ok: true; value: string } | { ok: false; problem: string; fix: string };

/** What each type takes, in words, for the fix of an error. */
const EXPECTED: Record<string, string> = {
	date: 'a date as YYYY-MM-DD, e.g. 2024-05-31',
	email: 'an e-mail address, e.g. name@example.com',
	number: 'a number, e.g. 42 or 12.5 (a dot before the decimals, no spaces or units)',
	phone_number: 'a phone number with its country prefix, e.g. 48500000000',
	text: 'any text',
};

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** What a field of this type takes, in words ("a number, e.g. 42 ..."). */
function expectedValue(type: string): string {
	return EXPECTED[type] ?? EXPECTED.text;
}

/** A value given as text: numbers and booleans from expressions as they print, dates as ISO. */
function asText(raw: unknown): string | undefined {
	if (raw === undefined || raw === null) return '';
	if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? undefined : raw.toISOString();
	if (typeof raw === 'string') return raw.trim();
	if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
	if (typeof raw === 'object' && typeof (raw as { toISO?: unknown }).toISO === 'function') {
		return String((raw as { toISO: () => unknown }).toISO());
	}
	return undefined;
}

/** A calendar day as YYYY-MM-DD (a date-time keeps its date), or undefined. */
function asDay(text: string): string | undefined {
	const day = /^\d{4}-\d{2}-\d{2}T/.test(text) ? text.slice(0, 10) : text;
	const match = DAY.exec(day);
	if (!match) return undefined;
	const [year, month, date] = match.slice(1).map(Number);
	const check = new Date(Date.UTC(year, month - 1, date));
	return check.getUTCMonth() === month - 1 && check.getUTCDate() === date ? day : undefined;
}

/** The value the service is sent for a field of this type, or what is wrong with it and the fix. */
export function customFieldValue(type: string, raw: unknown): CustomFieldCheck {
	const text = asText(raw);
	const fix = `Enter ${expectedValue(type)}.`;
	if (text === undefined) return { ok: false, problem: 'is not a single value', fix };
	if (text === '') {
		return { ok: false, problem: 'is empty', fix: `${fix} Or remove the row.` };
	}
	const refused = {
		ok: false as const,
		problem: `takes ${expectedValue(type)}, not "${text}"`,
		fix,
	};
	switch (type) {
		case 'number':
			return isDecimalText(text) ? { ok: true, value: text } : refused;
		case 'date': {
			const day = asDay(text);
			return day ? { ok: true, value: day } : refused;
		}
		case 'email':
			return EMAIL.test(text) ? { ok: true, value: text } : refused;
		case 'phone_number': {
			const checked = validateNumber(text);
			return checked.ok ? { ok: true, value: checked.number } : refused;
		}
		default:
			// text, and any type the service may add later: the service decides.
			return { ok: true, value: text };
	}
}

/**
 * A part of a value for Contains: any text for text, e-mail and phone number fields (a phone
 * number without its formatting); digits, dots and dashes for numbers and dates, as a part of
 * anything else could never match.
 */
export function customFieldPart(type: string, raw: unknown): CustomFieldCheck {
	const text = asText(raw);
	const fix = `Enter ${expectedValue(type)}, or a part of one.`;
	if (text === undefined) return { ok: false, problem: 'is not a single value', fix };
	if (text === '') return { ok: false, problem: 'is empty', fix };
	if ((type === 'number' || type === 'date') && !/^[-\d.]+$/.test(text)) {
		return { ok: false, problem: `takes ${expectedValue(type)}, not "${text}"`, fix };
	}
	return { ok: true, value: type === 'phone_number' ? cleanNumber(text) : text };
}
