/**
 * A send in the form the service receives it (all strings), made once per request at the edge
 * where the transport takes it: `to` comma-joined, idx and param1..4 pipe-joined, flags `1`/`0`,
 * dates in UNIX seconds, blank values left out, in the order the parameters were set.
 * `format=json` is the transport's business and not added here.
 */
import { type SendRequest, isDateKey, isFlagKey, isPerRecipientKey } from './request';

/** The wire text of one parameter, or undefined when it is not sent (blank). */
function wireValue(request: SendRequest, name: string): string | undefined {
	if (name === 'to' || isPerRecipientKey(name)) {
		if (request.blankLists?.includes(name)) return undefined;
		return name === 'to' ? request.to.join(',') : request.perRecipient[name]?.join('|');
	}
	if (isFlagKey(name)) {
		const on = request.flags[name];
		return on === undefined ? undefined : on ? '1' : '0';
	}
	if (isDateKey(name)) {
		const date = request.dates[name];
		if (!date) return undefined;
		return date.at ? String(Math.floor(date.at.getTime() / 1000)) : date.text;
	}
	if (name === 'max_parts') return request.maxParts?.text;
	if (name === 'message') return request.message;
	if (name === 'group') return request.group;
	return request.texts.get(name);
}

/** The request as the service receives it. */
export function toWire(request: SendRequest): Record<string, string> {
	const wire: Record<string, string> = {};
	for (const name of request.order) {
		const value = wireValue(request, name);
		if (value !== undefined) wire[name] = value;
	}
	return wire;
}
