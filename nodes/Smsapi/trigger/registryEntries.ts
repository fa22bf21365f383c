import type { IDataObject } from 'n8n-workflow';

import { EVENT_INFO } from './events';
import { isPlainObject } from '../callbacks/formDecoding';
import type { TriggerEvent } from './events';

/**
 * The callback registry's data as the published API describes it (SMSAPI REST API, `panel_com.yml`
 * of the official API description: `/callbacks`, schemas `Callback*`):
 * - `POST /callbacks` takes a JSON body `{type, url}`; for inbound messages (`sms_mo`, `mms_mo`)
 *   also `receiver_type` (`all` | `2way` | `number`, required) and, for `number`,
 *   `receiver_number`. Answer 201: the registered callback.
 * - `GET /callbacks` answers `{size, collection: [{id, url, type, receiver: {type, number}|null,
 *   active, invalid, api_version}]}`; the create answer's published example carries the receiver
 *   flat (`receiver_type`, `receiver_number`), so both forms are read.
 * - `PUT /callbacks/{id}` takes `{url}` (the type and receiver cannot be changed);
 *   `DELETE /callbacks/{id}` answers 204.
 * - `OPTIONS /callbacks` answers what may be registered: `{post: {type: [...], receiver_type:
 *   [...], receiver_number: [...], receive_numbers: {sms: [...], mms: [...]}}}`.
 */

/** The Receiver parameter's values (camelCase, stable) and the service's `receiver_type`. */
const RECEIVER_TYPES = { all: 'all', twoWay: '2way', number: 'number' } as const;
type ReceiverChoice = keyof typeof RECEIVER_TYPES;
type ReceiverType = (typeof RECEIVER_TYPES)[ReceiverChoice];

interface Receiver {
	type: ReceiverType;
	/** Only for `number`. */
	number?: string;
}

export interface RegisteredCallback {
	id: string;
	type?: string;
	url?: string;
	/** Undefined when the entry says nothing about its receiver. */
	receiver?: Receiver;
}

/** What this node wants registered. */
export interface CallbackTarget {
	type: string;
	/** The URL with the secret in its path: what the editor shows. */
	url: string;
	/** The earlier layout of the same webhook (`…?secret=`), accepted and migrated. */
	queryUrl: string;
	/** For inbound messages only. */
	receiver?: Receiver;
}

function readReceiverType(value: unknown): ReceiverType | undefined {
	return value === 'all' || value === '2way' || value === 'number' ? value : undefined;
}

function readReceiver(entry: Record<string, unknown>): Receiver | undefined {
	const nested = isPlainObject(entry.receiver) ? entry.receiver : undefined;
	const type = readReceiverType(nested ? nested.type : entry.receiver_type);
	if (type === undefined) return undefined;
	const number = nested ? nested.number : entry.receiver_number;
	return type === 'number' && (typeof number === 'string' || typeof number === 'number')
		? { type, number: String(number) }
		: { type };
}

/** One registry entry from the service's JSON; undefined when it has no id. */
export function readCallbackEntry(entry: unknown): RegisteredCallback | undefined {
	if (!isPlainObject(entry)) return undefined;
	const id = entry.id;
	if (typeof id !== 'string' && typeof id !== 'number') return undefined;
	return {
		id: String(id),
		type: typeof entry.type === 'string' ? entry.type : undefined,
		url: typeof entry.url === 'string' ? entry.url : undefined,
		receiver: readReceiver(entry),
	};
}

/** The entries of a `GET /callbacks` answer: `{collection: [...]}`, or a bare array. */
export function readCallbackList(data: unknown): RegisteredCallback[] {
	let list: unknown = data;
	if (isPlainObject(data)) list = data.collection ?? data.list ?? data.data ?? data.callbacks ?? [];
	if (!Array.isArray(list)) return [];
	const entries: RegisteredCallback[] = [];
	for (const item of list) {
		const entry = readCallbackEntry(item);
		if (entry) entries.push(entry);
	}
	return entries;
}

/** The receiver the Receiver parameters ask for; `problem` when One Number has no number. */
export function receiverOf(
	choice: unknown,
	number: unknown,
): { receiver: Receiver; problem?: string } {
	const key: ReceiverChoice = choice === 'twoWay' || choice === 'number' ? choice : 'all';
	if (key !== 'number') return { receiver: { type: RECEIVER_TYPES[key] } };
	const text =
		typeof number === 'string' || typeof number === 'number' ? String(number).trim() : '';
	if (text === '')
		return {
			receiver: { type: 'number' },
			problem: 'Receiver is "One Number" but Receiving Number is empty',
		};
	return { receiver: { type: 'number', number: text } };
}

/** Whether the event's registry type takes a receiver (inbound messages). */
export function takesReceiver(event: TriggerEvent): boolean {
	return EVENT_INFO[event].format === 'mo';
}

/** The JSON body of `POST /callbacks` for the target, exactly the published fields. */
export function createCallbackBody(target: CallbackTarget): IDataObject {
	const body: IDataObject = { type: target.type, url: target.url };
	if (target.receiver) {
		body.receiver_type = target.receiver.type;
		if (target.receiver.type === 'number') body.receiver_number = target.receiver.number;
	}
	return body;
}

/** Whether a registry entry is this node's webhook for its event (either URL layout). */
export function isOwnEntry(entry: RegisteredCallback, target: CallbackTarget): boolean {
	const ownUrl = entry.url === target.url || entry.url === target.queryUrl;
	return ownUrl && (entry.type === undefined || entry.type === target.type);
}

/** Whether an entry's receiver is the wanted one (an entry that does not say is taken as it is). */
export function receiverMatches(entry: RegisteredCallback, target: CallbackTarget): boolean {
	if (!target.receiver || !entry.receiver) return true;
	if (entry.receiver.type !== target.receiver.type) return false;
	return target.receiver.type !== 'number' || entry.receiver.number === target.receiver.number;
}

/** Whether the entry is exactly what the node registers (current URL, right receiver). */
export function isExactEntry(entry: RegisteredCallback, target: CallbackTarget): boolean {
	return isOwnEntry(entry, target) && entry.url === target.url && receiverMatches(entry, target);
}

/** The receiving numbers an `OPTIONS /callbacks` answer lists, without repeats, in order. */
export function readReceivingNumbers(data: unknown): string[] {
	const post = isPlainObject(data) && isPlainObject(data.post) ? data.post : undefined;
	if (!post) return [];
	const found: unknown[] = [];
	if (Array.isArray(post.receiver_number)) found.push(...post.receiver_number.slice(0, 1000));
	if (isPlainObject(post.receive_numbers)) {
		for (const list of Object.values(post.receive_numbers))
			if (Array.isArray(list)) found.push(...list.slice(0, 1000));
	}
	const numbers = new Set<string>();
	for (const value of found) {
		if (typeof value === 'string' || typeof value === 'number') {
			const text = String(value).trim();
			if (text !== '') numbers.add(text);
		}
	}
	return [...numbers];
}

function receiverWords(receiver: Receiver | undefined): string {
	if (!receiver) return '';
	if (receiver.type === 'number') return `, receiver: the number ${receiver.number ?? '?'}`;
	return receiver.type === '2way' ? ', receiver: two-way numbers' : ', receiver: all numbers';
}

/** How to register the target by hand, for error descriptions and log lines. */
export function manualRegistrationSteps(target: CallbackTarget): string {
	return (
		`To finish by hand, add this callback in the callback settings of the SMSAPI portal (type ${target.type}${receiverWords(target.receiver)}), ` +
		`with this URL:\n${target.url}`
	);
}
