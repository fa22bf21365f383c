/** The send parameters in the form the service receives them (all strings). */
import { splitNumbers } from './numbers';
import {
	DATE_KEYS,
	FLAG_KEYS,
	PER_RECIPIENT_KEYS,
	isFlagOn,
	type SendParameters,
} from './sendModel';
import { toServiceDate } from './serviceDates';
import { isGiven } from './values';

/**
 * Per-recipient values as an array: arrays as they are, strings split on `|` (their wire
 * form). Undefined when the parameter is not used.
 */
export function perRecipientValues(value: unknown): string[] | undefined {
	if (value === undefined || value === null) return undefined;
	if (Array.isArray(value))
		return value.map((v) => (v === undefined || v === null ? '' : String(v)));
	const text = String(value);
	return text === '' ? undefined : text.split('|');
}

/** Recipients as a list: arrays as they are, strings split like user input. */
export function recipientList(to: unknown): string[] {
	if (to === undefined || to === null) return [];
	if (Array.isArray(to)) return to.map((n) => String(n).trim()).filter((n) => n !== '');
	return splitNumbers(String(to));
}

/**
 * The parameters as the service receives them, all strings: `to` comma-joined, `idx` and
 * `param1..4` pipe-joined, flags `1`/`0`, dates in UNIX seconds, empty values left out.
 * `format=json` is the transport's business and not added here.
 */
export function toWireParameters(params: SendParameters): Record<string, string> {
	const wire: Record<string, string> = {};
	for (const [key, value] of Object.entries(params)) {
		if (!isGiven(value)) continue;
		if (key === 'to') wire.to = recipientList(value).join(',');
		else if ((PER_RECIPIENT_KEYS as readonly string[]).includes(key)) {
			wire[key] = (perRecipientValues(value) ?? []).join('|');
		} else if ((FLAG_KEYS as readonly string[]).includes(key))
			wire[key] = isFlagOn(value) ? '1' : '0';
		else if ((DATE_KEYS as readonly string[]).includes(key))
			wire[key] = toServiceDate(value) ?? String(value);
		else wire[key] = String(value);
	}
	return wire;
}
