/**
 * Item batching for sms.send: input items whose sends differ only in recipients (and their
 * per-recipient values) travel in one service request, and the service's answer is handed
 * back to the items it belongs to.
 */
import { createHash, randomUUID } from 'node:crypto';
import { SameNumberIndex } from './numbers';
import {
	MAX_PERSONALISED_PER_REQUEST,
	MAX_RECIPIENTS_PER_REQUEST,
	MAX_SHORT_LINK_RECIPIENTS,
	PARAM_KEYS,
	PER_RECIPIENT_KEYS,
	type PerRecipientKey,
	type SendParameters,
	isOn,
	messageText,
	perRecipientValues,
	recipientList,
	toWireParameters,
} from './sendValidation';

/** One input item's send: `to` holds cleaned numbers; idx/param1..4 are aligned with `to`. */
export interface ItemSendRequest {
	itemIndex: number;
	params: SendParameters;
}

/** Which of an item's recipients a service request carries. */
export interface BatchMember {
	itemIndex: number;
	/** Positions in the item's own `to` list, ascending. */
	recipientIndexes: number[];
	/** The numbers at those positions, as sent. */
	numbers: string[];
}

/** One request to `sms.do`: the wire parameters and the items (and recipients) in it. */
export interface ServiceRequest {
	params: Record<string, string>;
	members: BatchMember[];
	/** Number of recipients in `params.to`. */
	recipients: number;
}

export interface BatchingOptions {
	/** Let items share requests. Off: every item gets its own requests (still split by limits). Default true. */
	batching?: boolean;
	/** Recipients per request. Default 10,000 (the service's recommended maximum). */
	maxRecipients?: number;
	/** Recipients per request when personalised (param1..4) or with a short link. Default 100. */
	maxPersonalised?: number;
}

const SHORT_LINK = /\[%goto:/i;

interface PreparedItem {
	itemIndex: number;
	/** Everything but recipients and their values, in wire form. */
	shared: Record<string, string>;
	numbers: string[];
	values: Partial<Record<PerRecipientKey, string[]>>;
	key: string;
	limit: number;
	allowDuplicates: boolean;
	/** False when the per-recipient values do not line up with `to`: sent alone, as given. */
	aligned: boolean;
}

/** Recipients a request may carry for these parameters. */
export function recipientLimit(params: SendParameters, options: BatchingOptions = {}): number {
	const personalised = PARAM_KEYS.some((key) => perRecipientValues(params[key]) !== undefined);
	const shortLink = SHORT_LINK.test(messageText(params));
	if (personalised || shortLink) {
		return Math.min(options.maxPersonalised ?? MAX_PERSONALISED_PER_REQUEST, MAX_SHORT_LINK_RECIPIENTS);
	}
	return options.maxRecipients ?? MAX_RECIPIENTS_PER_REQUEST;
}

/**
 * A stable key of everything that must be equal for two sends to share a request: every
 * parameter except the recipients and their values, plus which per-recipient parameters are
 * used (an item with idx cannot share with one without).
 */
export function batchKey(params: SendParameters): string {
	const wire = toWireParameters(params);
	const shared = Object.keys(wire)
		.filter((key) => key !== 'to' && !(PER_RECIPIENT_KEYS as readonly string[]).includes(key))
		.sort()
		.map((key) => [key, wire[key]]);
	const perRecipient = PER_RECIPIENT_KEYS.filter((key) => wire[key] !== undefined);
	return JSON.stringify([shared, perRecipient]);
}

function prepare(request: ItemSendRequest, options: BatchingOptions): PreparedItem {
	const { params } = request;
	const numbers = recipientList(params.to);
	const values: PreparedItem['values'] = {};
	let aligned = numbers.length > 0;
	for (const key of PER_RECIPIENT_KEYS) {
		const list = perRecipientValues(params[key]);
		if (list === undefined) continue;
		values[key] = list;
		if (list.length !== numbers.length) aligned = false;
	}
	const wire = toWireParameters(params);
	const shared: Record<string, string> = {};
	for (const [key, value] of Object.entries(wire)) {
		if (key !== 'to' && !(PER_RECIPIENT_KEYS as readonly string[]).includes(key)) shared[key] = value;
	}
	return {
		itemIndex: request.itemIndex,
		shared,
		numbers,
		values,
		key: batchKey(params),
		limit: Math.max(1, recipientLimit(params, options)),
		allowDuplicates: isOn(params.allow_duplicates),
		aligned,
	};
}

/** Numbers already in an open request, to keep another item's same number out of it. */
class NumberIndex {
	private readonly numbers = new SameNumberIndex<true>();
	private readonly lastNine = new Set<string>();

	add(numbers: readonly string[]): void {
		for (const n of numbers) {
			this.numbers.add(n, true);
			if (n.length >= 9) this.lastNine.add(n.slice(-9));
		}
	}

	/**
	 * Whether any of `numbers` may reach a phone already in the request: the same number, the same
	 * last nine digits (national and international forms), or one the national form of the other.
	 */
	collides(numbers: readonly string[]): boolean {
		return numbers.some(
			(n) => (n.length >= 9 && this.lastNine.has(n.slice(-9))) || this.numbers.has(n),
		);
	}
}

interface OpenRequest {
	shared: Record<string, string>;
	valueKeys: PerRecipientKey[];
	members: BatchMember[];
	values: Partial<Record<PerRecipientKey, string[]>>;
	numbers: string[];
	index: NumberIndex;
	limit: number;
	closed: boolean;
}

function openRequest(item: PreparedItem): OpenRequest {
	return {
		shared: item.shared,
		valueKeys: Object.keys(item.values) as PerRecipientKey[],
		members: [],
		values: {},
		numbers: [],
		index: new NumberIndex(),
		limit: item.limit,
		closed: false,
	};
}

/** `target.push(...values)` without the argument-count limit a spread hits around 100,000 values. */
function append<T>(target: T[], values: readonly T[]): void {
	for (const value of values) target.push(value);
}

function addRecipients(request: OpenRequest, item: PreparedItem, start: number, end: number): void {
	const numbers = item.numbers.slice(start, end);
	const recipientIndexes = numbers.map((_, i) => start + i);
	request.members.push({ itemIndex: item.itemIndex, recipientIndexes, numbers });
	append(request.numbers, numbers);
	request.index.add(numbers);
	for (const key of request.valueKeys) {
		const list = (request.values[key] ??= []);
		append(list, (item.values[key] ?? []).slice(start, end));
	}
}

function toServiceRequest(request: OpenRequest): ServiceRequest {
	const params: Record<string, string> = {};
	if (request.numbers.length > 0) params.to = request.numbers.join(',');
	Object.assign(params, request.shared);
	for (const key of request.valueKeys) params[key] = (request.values[key] ?? []).join('|');
	return { params, members: request.members, recipients: request.numbers.length };
}

/**
 * Plan the service requests for a run of `sms.send` items.
 *
 * - Items share a request only when their `batchKey` is equal and batching is on.
 * - A request holds at most `maxRecipients` recipients (10,000), or 100 when personalised or
 *   with a short link.
 * - An item that fits in one request is never split: when the open request has no room, it
 *   starts a new one, so one failing request never leaves an item half sent.
 * - An item larger than the limit is split into consecutive requests of its own.
 * - Without `allow_duplicates`, an item whose number is already in the open request (also in
 *   national form) starts a new one, since the service would send that number one message.
 * - Items without recipients (group sends) and items whose idx/param values do not line up
 *   with `to` are sent alone and as given; the service's answer then concerns only them.
 * - Requests come out in the order of their first item; within a request, input order.
 */
export function splitIntoRequests(items: readonly ItemSendRequest[], options: BatchingOptions = {}): ServiceRequest[] {
	const batching = options.batching ?? true;
	const requests: OpenRequest[] = [];
	const openByKey = new Map<string, OpenRequest>();

	const start = (item: PreparedItem): OpenRequest => {
		const request = openRequest(item);
		requests.push(request);
		return request;
	};

	for (const raw of items) {
		const item = prepare(raw, options);

		if (!item.aligned) {
			const request = start(item);
			request.valueKeys = [];
			request.members.push({
				itemIndex: item.itemIndex,
				recipientIndexes: item.numbers.map((_, i) => i),
				numbers: item.numbers,
			});
			append(request.numbers, item.numbers);
			// The values go as given: the service answers error 18 or 20 for this item alone.
			for (const [key, list] of Object.entries(item.values)) request.shared[key] = list.join('|');
			request.closed = true;
			continue;
		}

		if (item.numbers.length > item.limit) {
			for (let from = 0; from < item.numbers.length; from += item.limit) {
				const request = start(item);
				addRecipients(request, item, from, Math.min(from + item.limit, item.numbers.length));
				request.closed = true;
			}
			continue;
		}

		let request = batching ? openByKey.get(item.key) : undefined;
		const fits =
			request !== undefined &&
			!request.closed &&
			request.numbers.length + item.numbers.length <= request.limit &&
			(item.allowDuplicates || !request.index.collides(item.numbers));
		if (!fits) {
			request = start(item);
			if (batching) openByKey.set(item.key, request);
		}
		addRecipients(request as OpenRequest, item, 0, item.numbers.length);
	}

	return requests.map(toServiceRequest);
}

// ---------------------------------------------------------------- results

/** One element of the service's `list` (JSON send answer). */
export interface ServiceListEntry {
	id: string;
	points: number | string;
	number: string;
	date_sent?: number;
	submitted_number?: string;
	status?: string;
	error?: unknown;
	idx?: string | null;
	parts?: number;
	[key: string]: unknown;
}

/** One element of the service's `invalid_numbers`. */
export interface InvalidNumberEntry {
	number?: string;
	submitted_number?: string;
	message?: string;
	error_code?: number;
	[key: string]: unknown;
}

/** The JSON answer of `sms.do` (success or failure). */
export interface SendResponse {
	count?: number;
	list?: ServiceListEntry[];
	invalid_numbers?: InvalidNumberEntry[];
	error?: number | string;
	message?: string;
	[key: string]: unknown;
}

export interface SentRecipient {
	recipientIndex: number;
	/** The number as sent. */
	number: string;
	/** The service's entry for it, as the service wrote it. */
	entry: ServiceListEntry;
}

export interface SkippedRecipient {
	recipientIndex: number;
	number: string;
	/** Why no message went to this number, in words. */
	reason: string;
	/** The service's error code, when it gave one. */
	errorCode?: number;
	/** The service's `invalid_numbers` entry, when it listed this number. */
	entry?: InvalidNumberEntry;
}

export interface ItemSendResult {
	itemIndex: number;
	sent: SentRecipient[];
	skipped: SkippedRecipient[];
}

export interface DistributedResults {
	/** One per member of the request, in member order. */
	items: ItemSendResult[];
	/** Entries of `list` that matched no recipient (should not happen; never dropped silently). */
	unmatched: ServiceListEntry[];
}

interface Slot {
	/** Place in the request. */
	position: number;
	member: number;
	recipientIndex: number;
	number: string;
	/** The idx this recipient was sent with, when the request's idx values line up with `to`. */
	idx?: string;
	entry?: ServiceListEntry;
}

function digits(value: unknown): string {
	return value === undefined || value === null ? '' : String(value).replace(/\D/g, '');
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
	const list = map.get(key);
	if (list) list.push(value);
	else map.set(key, [value]);
}

/** Free slots under a key, in request order; taken ones are passed over for good. */
class FreeSlots<K> {
	private readonly lists = new Map<K, Slot[]>();
	private readonly heads = new Map<K, number>();

	add(key: K, slot: Slot): void {
		pushTo(this.lists, key, slot);
	}

	first(key: K): Slot | undefined {
		const list = this.lists.get(key);
		if (!list) return undefined;
		let head = this.heads.get(key) ?? 0;
		while (head < list.length && list[head].entry !== undefined) head++;
		this.heads.set(key, head);
		return list[head];
	}
}

/**
 * Hand a service answer back to the items of `batch`. Entries of `list` are matched to
 * recipients by the `idx` they carry (every message the node sends has one, so recipients that
 * share a number with Allow Duplicates get their own entry), then by `submitted_number` (the
 * number as sent), then by `number` (with country prefix), then by national/international form,
 * each time to the first free recipient in request order; when as many entries as free
 * recipients remain, by order. Recipients left without an entry were skipped: as invalid (with
 * the service's `invalid_numbers` message when it listed them), as a repeat of a number already
 * in the request (`allow_duplicates` off), or because the whole request failed (its error then
 * applies to every recipient). Linear in the size of the request and the answer.
 */
export function distributeResults(
	batch: ServiceRequest,
	response: SendResponse | readonly ServiceListEntry[],
): DistributedResults {
	const answer: SendResponse = Array.isArray(response) ? { list: [...response] } : (response as SendResponse);
	const list = (Array.isArray(answer.list) ? answer.list : []).filter(
		(entry): entry is ServiceListEntry => typeof entry === 'object' && entry !== null,
	);
	const invalid = (Array.isArray(answer.invalid_numbers) ? answer.invalid_numbers : []).filter(
		(entry): entry is InvalidNumberEntry => typeof entry === 'object' && entry !== null,
	);

	const slots: Slot[] = [];
	batch.members.forEach((member, m) => {
		member.recipientIndexes.forEach((recipientIndex, i) => {
			slots.push({ position: slots.length, member: m, recipientIndex, number: digits(member.numbers[i]) });
		});
	});
	const sentIdx = batch.params.idx === undefined ? [] : batch.params.idx.split('|');
	if (sentIdx.length === slots.length) slots.forEach((slot, i) => (slot.idx = sentIdx[i]));

	const byIdx = new FreeSlots<string>();
	const byNumber = new FreeSlots<string>();
	const byNationalForm = new SameNumberIndex<Slot>();
	for (const slot of slots) {
		if (slot.idx) byIdx.add(`${slot.idx}\u0000${slot.number}`, slot);
		byNumber.add(slot.number, slot);
		if (slot.number !== '') byNationalForm.add(slot.number, slot);
	}
	const take = (slot: Slot | undefined, entry: ServiceListEntry): boolean => {
		if (slot) slot.entry = entry;
		return slot !== undefined;
	};
	const byIdxOf = (entry: ServiceListEntry, number: string) =>
		typeof entry.idx === 'string' && entry.idx !== '' && number !== ''
			? byIdx.first(`${entry.idx}\u0000${number}`)
			: undefined;
	const free = (slot: Slot) => slot.entry === undefined;
	const nationalFormOf = (number: string) => (number === '' ? undefined : byNationalForm.first(number, free));

	let pending = list.filter((entry) => {
		const slot = byIdxOf(entry, digits(entry.submitted_number)) ?? byIdxOf(entry, digits(entry.number));
		return !take(slot, entry);
	});
	pending = pending.filter((entry) => {
		const number = digits(entry.submitted_number);
		return !take(number === '' ? undefined : byNumber.first(number), entry);
	});
	pending = pending.filter((entry) => {
		const number = digits(entry.number);
		return !take(number === '' ? undefined : byNumber.first(number), entry);
	});
	// National against international form.
	pending = pending.filter((entry) => {
		const bySubmitted = nationalFormOf(digits(entry.submitted_number));
		const byFullNumber = nationalFormOf(digits(entry.number));
		const slot =
			bySubmitted && byFullNumber
				? bySubmitted.position <= byFullNumber.position
					? bySubmitted
					: byFullNumber
				: (bySubmitted ?? byFullNumber);
		return !take(slot, entry);
	});

	const answered = new Set(slots.filter((s) => s.entry !== undefined).map((s) => s.number));
	const isRepeat = (slot: Slot) => slot.entry === undefined && answered.has(slot.number);
	const unanswered = slots.filter((s) => s.entry === undefined && !isRepeat(s));
	if (pending.length > 0 && pending.length === unanswered.length) {
		pending.forEach((entry, i) => take(unanswered[i], entry));
		pending = [];
	}

	const requestFailed = answer.error !== undefined && answer.error !== null && list.length === 0;
	const errorCode = requestFailed ? Number(answer.error) : undefined;

	// The first `invalid_numbers` entry for a number: by the number as sent, or its other form.
	const invalidBySubmitted = new Map<string, number>();
	const invalidByNumber = new SameNumberIndex<number>();
	invalid.forEach((entry, i) => {
		if (entry.submitted_number !== undefined) {
			const submitted = digits(entry.submitted_number);
			if (!invalidBySubmitted.has(submitted)) invalidBySubmitted.set(submitted, i);
		}
		const number = entry.number === undefined ? '' : digits(entry.number);
		if (number !== '') invalidByNumber.add(number, i);
	});
	const invalidEntryFor = (number: string): InvalidNumberEntry | undefined => {
		const candidates = [invalidBySubmitted.get(number), number === '' ? undefined : invalidByNumber.first(number)];
		const found = candidates.filter((i): i is number => i !== undefined);
		return found.length ? invalid[Math.min(...found)] : undefined;
	};

	const items: ItemSendResult[] = batch.members.map((member) => ({
		itemIndex: member.itemIndex,
		sent: [],
		skipped: [],
	}));
	for (const slot of slots) {
		const result = items[slot.member];
		if (slot.entry) {
			result.sent.push({ recipientIndex: slot.recipientIndex, number: slot.number, entry: slot.entry });
			continue;
		}
		const listed = invalidEntryFor(slot.number);
		const skipped: SkippedRecipient = { recipientIndex: slot.recipientIndex, number: slot.number, reason: '' };
		if (listed) {
			skipped.entry = listed;
			skipped.reason = `The service rejected ${slot.number}: ${typeof listed.message === 'string' ? listed.message : 'invalid number'}.`;
			const code = Number(listed.error_code ?? (requestFailed ? errorCode : 13));
			if (Number.isFinite(code)) skipped.errorCode = code;
		} else if (!requestFailed && isRepeat(slot)) {
			skipped.reason = `${slot.number} appears more than once in the request; the service sends one message per number unless Allow Duplicates is on.`;
		} else if (requestFailed) {
			skipped.reason = `The request failed with error ${String(answer.error)}${answer.message ? `: ${String(answer.message)}` : ''}.`;
			if (Number.isFinite(errorCode)) skipped.errorCode = errorCode;
		} else {
			skipped.reason = `The service skipped ${slot.number} (it is not in its answer): the number is invalid or not served, for example a wrong prefix or a landline.`;
		}
		result.skipped.push(skipped);
	}

	return { items, unmatched: pending };
}

/**
 * Merge the results of all requests into one per item (an item split across requests has
 * several), recipients in their own order, items by `itemIndex`.
 */
export function collectItemResults(results: readonly ItemSendResult[]): ItemSendResult[] {
	const byItem = new Map<number, ItemSendResult>();
	for (const result of results) {
		const merged = byItem.get(result.itemIndex) ?? { itemIndex: result.itemIndex, sent: [], skipped: [] };
		append(merged.sent, result.sent);
		append(merged.skipped, result.skipped);
		byItem.set(result.itemIndex, merged);
	}
	return [...byItem.values()]
		.sort((a, b) => a.itemIndex - b.itemIndex)
		.map((result) => ({
			...result,
			sent: result.sent.sort((a, b) => a.recipientIndex - b.recipientIndex),
			skipped: result.skipped.sort((a, b) => a.recipientIndex - b.recipientIndex),
		}));
}

/**
 * An idx for a message the user gave none for: 32 characters of [a-f0-9]. With a `seed` it is
 * derived from it (the same seed gives the same idx), otherwise random.
 */
export function generateIdx(seed?: string): string {
	if (seed !== undefined) return createHash('sha256').update(seed).digest('hex').slice(0, 32);
	return randomUUID().replace(/-/g, '');
}
