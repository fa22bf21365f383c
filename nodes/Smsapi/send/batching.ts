/**
 * Item batching: input items whose sends differ only in recipients (and their per-recipient
 * values) travel in one service request. How the answer goes back to the items is in results.ts.
 */
import { BatchKeys, sharedPart } from './batchKey';
import { NumberIndex } from './numberIndex';
import {
	MAX_PERSONALISED_PER_REQUEST,
	MAX_RECIPIENTS_PER_REQUEST,
	MAX_SHORT_LINK_RECIPIENTS,
	PARAM_KEYS,
	PER_RECIPIENT_KEYS,
	type PerRecipientKey,
	SHORT_LINK_MACRO,
	type SendRequest,
} from './request';
import type { SendUpload } from './upload';

/** One input item's send, parsed, with its wire form (`toWire` of the request). */
export interface PlannedSend {
	itemIndex: number;
	request: SendRequest;
	wire: Record<string, string>;
	/** A file sent beside the parameters: only sends of the same file share a request. */
	upload?: SendUpload;
	/** A templated text's parts: only texts of as many parts share a request (routing.ts). */
	parts?: number;
}

/** Which of an item's recipients a service request carries. */
interface BatchMember {
	itemIndex: number;
	/** Positions in the item's own `to` list, ascending. */
	recipientIndexes: readonly number[];
	/** The numbers at those positions, as sent. */
	numbers: string[];
}

/** One request to `sms.do`: the wire parameters and the items (and recipients) in it. */
export interface ServiceRequest {
	readonly params: Record<string, string>;
	members: BatchMember[];
	/** Number of recipients in `params.to`. */
	recipients: number;
	/** The file every member's send carries (the same one: its hash is in the batch key). */
	upload?: SendUpload;
}

export interface BatchingOptions {
	/** Let items share requests. Off: every item gets its own requests (still split by limits). Default true. */
	batching?: boolean;
	/** Recipients per request. Default 10,000 (the service's recommended maximum). */
	maxRecipients?: number;
	/** Recipients per request when personalised (param1..4) or with a short link. Default 100. */
	maxPersonalised?: number;
}

interface PreparedItem {
	itemIndex: number;
	/** The send in wire form (what the items of a request share is its `sharedPart`). */
	wire: Record<string, string>;
	numbers: string[];
	values: Readonly<Partial<Record<PerRecipientKey, string[]>>>;
	key: string;
	limit: number;
	allowDuplicates: boolean;
	/** False when the per-recipient values do not line up with `to`: sent alone, as given. */
	aligned: boolean;
	upload?: SendUpload;
}

/** Recipients a request may carry for this send. */
function recipientLimit(request: SendRequest, options: BatchingOptions = {}): number {
	const personalised = PARAM_KEYS.some((key) => request.perRecipient[key] !== undefined);
	const shortLink = SHORT_LINK_MACRO.test(request.message ?? '');
	if (personalised || shortLink) {
		return Math.min(
			options.maxPersonalised ?? MAX_PERSONALISED_PER_REQUEST,
			MAX_SHORT_LINK_RECIPIENTS,
		);
	}
	return options.maxRecipients ?? MAX_RECIPIENTS_PER_REQUEST;
}

function prepare(send: PlannedSend, options: BatchingOptions, keys: BatchKeys): PreparedItem {
	const { request, wire } = send;
	const numbers = request.to;
	// The request's own per-recipient values (it holds no other keys): no copy per item.
	const values = request.perRecipient;
	let aligned = numbers.length > 0;
	for (const key of PER_RECIPIENT_KEYS) {
		const list = values[key];
		if (list !== undefined && list.length !== numbers.length) aligned = false;
	}
	return {
		itemIndex: send.itemIndex,
		wire,
		numbers,
		values,
		key: keys.of(send.wire, send),
		limit: Math.max(1, recipientLimit(request, options)),
		allowDuplicates: request.flags.allow_duplicates === true,
		aligned,
		upload: send.upload,
	};
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
	upload?: SendUpload;
}

function openRequest(item: PreparedItem): OpenRequest {
	return {
		shared: sharedPart(item.wire),
		valueKeys: Object.keys(item.values) as PerRecipientKey[],
		members: [],
		values: {},
		numbers: [],
		index: new NumberIndex(),
		limit: item.limit,
		closed: false,
		upload: item.upload,
	};
}

/** `target.push(...values)` without the argument-count limit a spread hits around 100,000 values. */
function append<T>(target: T[], values: readonly T[]): void {
	for (const value of values) target.push(value);
}

/** Positions 0 to n - 1 for the few recipients most items have, one shared list each (read only). */
const FIRST_POSITIONS = Array.from({ length: 17 }, (_, n) =>
	Array.from({ length: n }, (_, i) => i),
);

function positions(start: number, end: number): readonly number[] {
	if (start === 0 && end < FIRST_POSITIONS.length) return FIRST_POSITIONS[end];
	const list: number[] = [];
	for (let i = start; i < end; i++) list.push(i);
	return list;
}

/** Recipients `start` to `end` (excluded) of an item into the request: a run adds 100,000 of them. */
function addRecipients(request: OpenRequest, item: PreparedItem, start: number, end: number): void {
	const whole = start === 0 && end === item.numbers.length;
	const numbers = whole ? item.numbers : item.numbers.slice(start, end);
	request.members.push({
		itemIndex: item.itemIndex,
		recipientIndexes: positions(start, end),
		numbers,
	});
	append(request.numbers, numbers);
	request.index.add(numbers);
	for (const key of request.valueKeys) {
		const list = (request.values[key] ??= []);
		const values = item.values[key];
		if (values) for (let i = start; i < end; i++) list.push(values[i]);
	}
}

/**
 * A planned request as the service receives it. Its wire parameters (up to 10,000 numbers and
 * idx values joined) are made when first read, as the request goes out: a run of 100,000 items
 * does not join all ten requests' values in one turn of the event loop, and holds the joined text
 * of the requests in flight only.
 */
function toServiceRequest(request: OpenRequest): ServiceRequest {
	const { numbers, shared, valueKeys, values, members, upload } = request;
	let params: Record<string, string> | undefined;
	const planned: ServiceRequest = {
		get params() {
			if (!params) {
				params = {};
				if (numbers.length > 0) params.to = numbers.join(',');
				Object.assign(params, shared);
				for (const key of valueKeys) params[key] = (values[key] ?? []).join('|');
			}
			return params;
		},
		members,
		recipients: numbers.length,
	};
	if (upload) planned.upload = upload;
	return planned;
}

/**
 * Plans the service requests for the sends of a run, one send at a time (`add`, in input order;
 * the caller paces its loop), then `requests()`.
 *
 * - Items share a request only when their batch key (`keyOf`) is equal and batching is on.
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
export class RequestPlanner {
	private readonly batching: boolean;

	private readonly planned: OpenRequest[] = [];

	private readonly openByKey = new Map<string, OpenRequest>();

	private readonly keys = new BatchKeys();

	constructor(private readonly options: BatchingOptions = {}) {
		this.batching = options.batching ?? true;
	}

	private start(item: PreparedItem): OpenRequest {
		const request = openRequest(item);
		this.planned.push(request);
		return request;
	}

	/** The requests planned so far, as the service receives them. */
	requests(): ServiceRequest[] {
		return this.planned.map(toServiceRequest);
	}

	/** Plans one send (in input order). */
	add(raw: PlannedSend): void {
		const { batching, openByKey } = this;
		const item = prepare(raw, this.options, this.keys);

		if (!item.aligned) {
			const request = this.start(item);
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
			return;
		}

		if (item.numbers.length > item.limit) {
			for (let from = 0; from < item.numbers.length; from += item.limit) {
				const request = this.start(item);
				addRecipients(request, item, from, Math.min(from + item.limit, item.numbers.length));
				request.closed = true;
			}
			return;
		}

		let request = batching ? openByKey.get(item.key) : undefined;
		const fits =
			request !== undefined &&
			!request.closed &&
			request.numbers.length + item.numbers.length <= request.limit &&
			(item.allowDuplicates || !request.index.collides(item.numbers));
		if (!fits) {
			request = this.start(item);
			if (batching) openByKey.set(item.key, request);
		}
		addRecipients(request as OpenRequest, item, 0, item.numbers.length);
	}
}
