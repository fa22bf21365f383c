/**
 * The service's answer to one batched send request handed back to the items and recipients it
 * belongs to: sent (with the service's entry) or skipped (with the reason).
 */
import { SameNumberIndex } from '../helpers/numbers';
import type { ServiceRequest } from './batching';
import type {
	AnswerForRecipients,
	DistributedResults,
	InvalidNumberEntry,
	ItemSendResult,
	SendResponse,
	ServiceListEntry,
	SkippedRecipient,
} from './resultTypes';
import { digits, isInRequestOrder } from './resultsInOrder';

export type { SendResponse, ServiceListEntry } from './resultTypes';

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

/**
 * Free slots under a key, in request order; taken ones are passed over for good. A key holds
 * one slot, or a list when it repeats (10,000 recipients of a request are 10,000 keys: no list
 * each). `matches` narrows the slots of a key further.
 */
class FreeSlots<K> {
	private readonly slots = new Map<K, Slot | Slot[]>();
	private readonly heads = new Map<K, number>();

	add(key: K, slot: Slot): void {
		const held = this.slots.get(key);
		if (held === undefined) this.slots.set(key, slot);
		else if (Array.isArray(held)) held.push(slot);
		else this.slots.set(key, [held, slot]);
	}

	first(key: K, matches: (slot: Slot) => boolean = () => true): Slot | undefined {
		const held = this.slots.get(key);
		if (held === undefined) return undefined;
		if (!Array.isArray(held)) return held.entry === undefined && matches(held) ? held : undefined;
		let head = this.heads.get(key) ?? 0;
		while (head < held.length && held[head].entry !== undefined) head++;
		this.heads.set(key, head);
		for (let i = head; i < held.length; i++) {
			if (held[i].entry === undefined && matches(held[i])) return held[i];
		}
		return undefined;
	}
}

/**
 * Hand a service answer back to the recipients of `batch`: in request order when it is (see
 * `isInRequestOrder`), else by `distributeByMatching`.
 */
export function distributeResults(
	batch: ServiceRequest,
	response: SendResponse | readonly ServiceListEntry[],
): AnswerForRecipients {
	const { list } = readAnswer(response);
	return isInRequestOrder(batch, list, sentIdxOf(batch))
		? { inOrder: list }
		: { matched: distributeByMatching(batch, response) };
}

/** The answer's entries that are objects, and the answer itself (a bare list as `{ list }`). */
function readAnswer(response: SendResponse | readonly ServiceListEntry[]) {
	const answer: SendResponse = Array.isArray(response)
		? { list: [...response] }
		: (response as SendResponse);
	const list = (Array.isArray(answer.list) ? answer.list : []).filter(
		(entry): entry is ServiceListEntry => typeof entry === 'object' && entry !== null,
	);
	return { answer, list };
}

function sentIdxOf(batch: ServiceRequest): string[] {
	return batch.params.idx === undefined ? [] : batch.params.idx.split('|');
}

/**
 * Hand a service answer back to the items of `batch` by matching its entries to recipients (any
 * answer; `distributeResults` takes the short way for one in request order, and the tests check
 * that the matching would give it the same). Entries of `list` are matched to recipients by the
 * `idx` they carry (every message the node sends has one, so recipients that share a number with
 * Allow Duplicates get their own entry), then by `submitted_number` (the number as sent), then by
 * `number` (with country prefix), then by national/international form, each time to the first
 * free recipient in request order; when as many entries as free recipients remain, by order.
 * Recipients left without an entry were skipped: as invalid (with the service's `invalid_numbers`
 * message when it listed them), as a repeat of a number already in the request
 * (`allow_duplicates` off), or because the whole request failed (its error then applies to every
 * recipient). Linear in the size of the request and the answer.
 */
export function distributeByMatching(
	batch: ServiceRequest,
	response: SendResponse | readonly ServiceListEntry[],
): DistributedResults {
	const { answer, list } = readAnswer(response);
	const invalid = (Array.isArray(answer.invalid_numbers) ? answer.invalid_numbers : []).filter(
		(entry): entry is InvalidNumberEntry => typeof entry === 'object' && entry !== null,
	);
	const sentIdx = sentIdxOf(batch);

	const slots: Slot[] = [];
	batch.members.forEach((member, m) => {
		member.recipientIndexes.forEach((recipientIndex, i) => {
			slots.push({
				position: slots.length,
				member: m,
				recipientIndex,
				number: digits(member.numbers[i]),
			});
		});
	});
	if (sentIdx.length === slots.length) slots.forEach((slot, i) => (slot.idx = sentIdx[i]));

	const byIdx = new FreeSlots<string>();
	const byNumber = new FreeSlots<string>();
	for (const slot of slots) {
		if (slot.idx) byIdx.add(slot.idx, slot);
		byNumber.add(slot.number, slot);
	}
	// Needed only for entries that neither idx nor number matched (rare): built on first use.
	let byNationalForm: SameNumberIndex<Slot> | undefined;
	const nationalForms = (): SameNumberIndex<Slot> => {
		if (byNationalForm) return byNationalForm;
		byNationalForm = new SameNumberIndex<Slot>();
		for (const slot of slots) if (slot.number !== '') byNationalForm.add(slot.number, slot);
		return byNationalForm;
	};
	const take = (slot: Slot | undefined, entry: ServiceListEntry): boolean => {
		if (slot) slot.entry = entry;
		return slot !== undefined;
	};
	const byIdxOf = (entry: ServiceListEntry, number: string) =>
		typeof entry.idx === 'string' && entry.idx !== '' && number !== ''
			? byIdx.first(entry.idx, (slot) => slot.number === number)
			: undefined;
	const free = (slot: Slot) => slot.entry === undefined;
	const nationalFormOf = (number: string) =>
		number === '' ? undefined : nationalForms().first(number, free);

	let pending = list.filter((entry) => {
		const slot =
			byIdxOf(entry, digits(entry.submitted_number)) ?? byIdxOf(entry, digits(entry.number));
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

	// Usually every recipient has its entry now: the numbers answered are only gathered when not.
	const allAnswered = slots.every((slot) => slot.entry !== undefined);
	const answered = allAnswered
		? new Set<string>()
		: new Set(slots.filter((s) => s.entry !== undefined).map((s) => s.number));
	const isRepeat = (slot: Slot) => slot.entry === undefined && answered.has(slot.number);
	const unanswered = allAnswered ? [] : slots.filter((s) => s.entry === undefined && !isRepeat(s));
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
		const candidates = [
			invalidBySubmitted.get(number),
			number === '' ? undefined : invalidByNumber.first(number),
		];
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
			result.sent.push({
				recipientIndex: slot.recipientIndex,
				number: slot.number,
				entry: slot.entry,
			});
			continue;
		}
		const listed = invalidEntryFor(slot.number);
		const skipped: SkippedRecipient = {
			recipientIndex: slot.recipientIndex,
			number: slot.number,
			reason: '',
		};
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
