import type { IDataObject } from 'n8n-workflow';

import { isDecimalText, numberFromService } from '../helpers/values';
import { formValue } from './formValues';
import { SmsapiParseError, endpointKey } from './responseBody';
import type { SmsapiRequest, SmsapiTextShape } from './types';

/**
 * Parsers of the service's plain-text answers, one per shape. The transport always asks for
 * `format=json`; these cover a proxy, an emulator or an older account that answers in the
 * service's default text format (docs/service-behaviour.md, "Plain-text answers").
 */

function expectOk(text: string, shape: string): string {
	const trimmed = text.trim();
	const match = /^OK(?::\s*([\s\S]*))?$/.exec(trimmed);
	if (!match) throw new SmsapiParseError(`Expected an "OK" answer (${shape}), got: ${trimmed}`);
	return match[1] ?? '';
}

function pointsOf(value: string, context: string): number {
	const trimmed = value.trim();
	if (!isDecimalText(trimmed))
		throw new SmsapiParseError(`"${trimmed}" is not a number (${context})`);
	return Number(trimmed);
}

function entriesOf(text: string): string[] {
	return text
		.split(';')
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '');
}

interface SmsapiSendListEntry extends IDataObject {
	id: string;
	points: number;
	number?: string;
}

/**
 * `OK:<ID>:<POINTS>` (one recipient) or `OK:<ID>:<POINTS>:<PHONE>;` repeated (several; the
 * last entry also ends with `;`), shaped like the JSON send result `{count, list}`.
 */
export function parseSendText(text: string): { count: number; list: SmsapiSendListEntry[] } {
	const trimmed = text.trim();
	const list: SmsapiSendListEntry[] = [];
	const entries = trimmed.includes(';') ? entriesOf(trimmed) : [trimmed];
	for (const entry of entries) {
		const match = /^OK:([^:;]+):([^:;]+)(?::([^:;]*))?$/.exec(entry);
		if (!match) throw new SmsapiParseError(`Unexpected send answer entry: ${entry}`);
		const item: SmsapiSendListEntry = {
			id: match[1].trim(),
			points: pointsOf(match[2], 'send points'),
		};
		if (match[3] !== undefined && match[3].trim() !== '') item.number = match[3].trim();
		list.push(item);
	}
	if (list.length === 0) throw new SmsapiParseError('Empty send answer');
	return { count: list.length, list };
}

type SmsapiHlrEntry =
	| { status: 'OK'; number: string; id: string; price: number }
	| { status: 'ERROR'; number: string; error: number };

/** `OK:<NUMBER>:<ID>:<POINTS>;` and `ERROR:<NUMBER>:<ERR>;` entries, concatenated. */
export function parseHlrText(text: string): SmsapiHlrEntry[] {
	const result: SmsapiHlrEntry[] = [];
	for (const entry of entriesOf(text)) {
		const ok = /^OK:([^:]+):([^:]+):([^:]+)$/.exec(entry);
		if (ok) {
			result.push({
				status: 'OK',
				number: ok[1].trim(),
				id: ok[2].trim(),
				price: pointsOf(ok[3], 'HLR price'),
			});
			continue;
		}
		const error = /^ERROR:([^:]+):\s*(\d+)$/.exec(entry);
		if (error) {
			result.push({ status: 'ERROR', number: error[1].trim(), error: Number(error[2]) });
			continue;
		}
		throw new SmsapiParseError(`Unexpected HLR answer entry: ${entry}`);
	}
	if (result.length === 0) throw new SmsapiParseError('Empty HLR answer');
	return result;
}

/** `Points: <n>` or, on the earlier variant, `Credits: <n>`; both give `{points}`. */
export function parseBalanceText(text: string): { points: number } {
	const match = /^(?:Points|Credits)\s*:\s*(\S+)\s*$/i.exec(text.trim());
	if (!match) throw new SmsapiParseError(`Unexpected balance answer: ${text.trim()}`);
	return { points: pointsOf(match[1], 'balance') };
}

/** `OK:<SUB_NAME>` (sub-user added or edited). */
export function parseSubuserText(text: string): { username: string } {
	const username = expectOk(text, 'sub-user').trim();
	if (username === '') throw new SmsapiParseError('The sub-user answer names no sub-user');
	return { username };
}

interface SmsapiSubuserDetails extends IDataObject {
	limit: number | string;
	month_limit: number | string;
	senders: number | string;
	phonebook: number | string;
	active: number | string;
	info: string;
}

/** `OK:<LIMIT>:<MONTH_LIMIT>:<SENDERS>:<PHONEBOOK>:<ACTIVE>:<INFO>`; the info may contain colons. */
export function parseSubuserGetText(text: string): SmsapiSubuserDetails {
	const fields = expectOk(text, 'sub-user details').split(':');
	if (fields.length < 5)
		throw new SmsapiParseError(`Unexpected sub-user details answer: ${text.trim()}`);
	const [limit, monthLimit, senders, phonebook, active, ...info] = fields;
	const value = (field: string) => numberFromService(field.trim()) as number | string;
	return {
		limit: value(limit),
		month_limit: value(monthLimit),
		senders: value(senders),
		phonebook: value(phonebook),
		active: value(active),
		info: info.join(':'),
	};
}

/** `OK: <sub1>:<sub2>` (also `OK` or `OK:` for none). */
export function parseSubuserListText(text: string): Array<{ username: string }> {
	return expectOk(text, 'sub-user list')
		.split(':')
		.map((name) => name.trim())
		.filter((name) => name !== '')
		.map((username) => ({ username }));
}

/** `OK:<STATUS>` (sender status); the service does not repeat the name in text mode. */
export function parseSenderStatusText(
	text: string,
	sender?: string,
): { sender?: string; status: string } {
	const status = expectOk(text, 'sender status').trim();
	if (status === '') throw new SmsapiParseError('The sender status answer names no status');
	return sender !== undefined ? { sender, status } : { status };
}

/** `OK:<SENDER_NAME>` (sender deleted). */
export function parseSenderNameText(text: string): { sender: string } {
	const sender = expectOk(text, 'sender name').trim();
	if (sender === '') throw new SmsapiParseError('The sender answer names no sender');
	return { sender };
}

/** `OK:<SENDER>,<STATUS>:<SENDER>,<STATUS>...`. */
export function parseSenderListText(text: string): Array<{ sender: string; status: string }> {
	return expectOk(text, 'sender list')
		.split(':')
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '')
		.map((entry) => {
			const comma = entry.lastIndexOf(',');
			if (comma < 0) throw new SmsapiParseError(`Unexpected sender list entry: ${entry}`);
			return { sender: entry.slice(0, comma).trim(), status: entry.slice(comma + 1).trim() };
		});
}

/** `OK` alone (sender added, default set), or `OK:<value>` when no finer shape applies. */
export function parseOkText(text: string): { ok: true; value?: string } {
	const value = expectOk(text, 'confirmation').trim();
	return value === '' ? { ok: true } : { ok: true, value };
}

function parameter(request: Pick<SmsapiRequest, 'qs' | 'body'>, name: string): unknown {
	const fromBody = request.body?.[name];
	return fromBody !== undefined ? fromBody : request.qs?.[name];
}

/**
 * A selecting parameter (`credits=1`, `list=1`, `status=<name>`) picks its answer when it goes
 * out with a value other than empty or 0 (false goes out as 0).
 */
function selectsAnswer(value: unknown): boolean {
	const wire = formValue(value);
	return wire !== undefined && wire !== '' && wire !== '0';
}

/** Which text shape an endpoint answers, from the endpoint and its selecting parameter. */
export function textShapeFor(
	request: Pick<SmsapiRequest, 'endpoint' | 'qs' | 'body' | 'textShape'>,
): SmsapiTextShape {
	if (request.textShape) return request.textShape;
	const has = (name: string) => selectsAnswer(parameter(request, name));
	switch (endpointKey(request.endpoint)) {
		case 'sms.do':
		case 'mms.do':
		case 'vms.do':
			return has('sch_del') ? 'ok' : 'send';
		case 'hlr.do':
			return 'hlr';
		case 'user.do':
			if (has('credits')) return 'balance';
			if (has('list')) return 'subuserList';
			if (has('get_user')) return 'subuserGet';
			if (has('add_user') || has('set_user')) return 'subuser';
			return 'ok';
		case 'sender.do':
			if (has('status')) return 'senderStatus';
			if (has('list')) return 'senderList';
			if (has('delete')) return 'senderName';
			return 'ok';
		default:
			return 'ok';
	}
}

/** Parses a success text answer of the given shape; throws SmsapiParseError when it does not fit. */
export function parseTextAnswer(
	text: string,
	shape: SmsapiTextShape,
	request?: Pick<SmsapiRequest, 'qs' | 'body'>,
): unknown {
	switch (shape) {
		case 'send':
			return parseSendText(text);
		case 'hlr':
			return parseHlrText(text);
		case 'balance':
			return parseBalanceText(text);
		case 'subuser':
			return parseSubuserText(text);
		case 'subuserGet':
			return parseSubuserGetText(text);
		case 'subuserList':
			return parseSubuserListText(text);
		case 'senderStatus': {
			const name = request ? parameter(request, 'status') : undefined;
			return parseSenderStatusText(text, typeof name === 'string' ? name : undefined);
		}
		case 'senderName':
			return parseSenderNameText(text);
		case 'senderList':
			return parseSenderListText(text);
		case 'ok':
			return parseOkText(text);
	}
}
