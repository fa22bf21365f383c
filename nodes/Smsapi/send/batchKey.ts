/**
 * The batch key of a send (batching.ts): everything that must be equal for two sends to share a
 * request, and the part of the wire form the sends of a request share.
 */
import { isPerRecipientKey } from './request';
import type { SendUpload } from './upload';

/** The wire parameters but the recipients and their values: what the items of a request share. */
export function sharedPart(wire: Record<string, string>): Record<string, string> {
	const shared: Record<string, string> = {};
	for (const [key, value] of Object.entries(wire)) {
		if (key !== 'to' && !isPerRecipientKey(key)) shared[key] = value;
	}
	return shared;
}

/**
 * Batch keys, with the wire form's keys in sorted order, the last list sorted kept: the sends of a
 * run have the same parameters in the same order, so 100,000 items sort one list.
 */
export class BatchKeys {
	private given: string[] = [];
	private sorted: string[] = [];
	/** The last send's key and its wire form: a campaign's sends differ only in recipients and idx. */
	private last?: {
		names: readonly string[];
		wire: Record<string, string>;
		parts?: number;
		file?: string;
		key: string;
	};

	private sortedKeys(record: Record<string, string>): string[] {
		if (!this.sameKeys(record)) {
			this.given = Object.keys(record);
			this.sorted = [...this.given].sort();
		}
		return this.sorted;
	}

	/** Whether the record has the keys of the last list, in its order (no list made per send). */
	private sameKeys(record: Record<string, string>): boolean {
		let i = 0;
		for (const key in record) if (key !== this.given[i++]) return false;
		return i === this.given.length;
	}

	/**
	 * A stable key of everything that must be equal for two sends to share a request: every
	 * parameter except the recipients and their values (what `sharedPart` keeps), each written with
	 * its length; which per-recipient parameters are used (an item with idx cannot share with one
	 * without); the hash of an uploaded file (items with different files never share a request); and
	 * a templated text's parts (routing.ts). Written straight from the wire form: a run of 100,000
	 * items makes as many keys.
	 */
	of(wire: Record<string, string>, send: { upload?: SendUpload; parts?: number }): string {
		const names = this.sortedKeys(wire);
		const { last } = this;
		// The same key as the last send's when everything in it is the same (the same text object
		// is then hashed once by the Map that looks the key up, not once per send).
		if (last && this.sameAsLast(names, wire, send)) return last.key;
		let key = send.parts === undefined ? '' : `parts ${send.parts};`;
		for (const name of names) {
			if (name === 'to') continue;
			if (isPerRecipientKey(name)) key += `+${name};`;
			else key += `${name.length}:${name}${wire[name].length}:${wire[name]};`;
		}
		if (send.upload) key += `#${send.upload.sha256}`;
		this.last = { names, wire, parts: send.parts, file: send.upload?.sha256, key };
		return key;
	}

	/** Whether the key of this send is the last send's (the names are the sorted keys of `wire`). */
	private sameAsLast(
		names: readonly string[],
		wire: Record<string, string>,
		send: { upload?: SendUpload; parts?: number },
	): boolean {
		const last = this.last as NonNullable<BatchKeys['last']>;
		// The same list of names: the keys of both wire forms are the same, in the same order.
		if (names !== last.names || send.parts !== last.parts) return false;
		if (send.upload?.sha256 !== last.file) return false;
		for (const name of names) {
			if (name === 'to' || isPerRecipientKey(name)) continue;
			if (wire[name] !== last.wire[name]) return false;
		}
		return true;
	}
}
