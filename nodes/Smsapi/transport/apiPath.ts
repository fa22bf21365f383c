/**
 * Paths of REST records named by id: the one place where an id becomes part of an address.
 *
 * HTTP clients (axios, `new URL`) collapse the dot segments of a path before the request leaves:
 * `contacts/groups/..` goes out as `/contacts/`, `contacts/../groups/g1` as `/groups/g1`. The
 * published API uses the collection paths for whole collections (`DELETE /contacts/groups` deletes
 * every group, contacts_com.yml), and beside a record's path it has others (`/opt_outs/settings`
 * beside `/opt_outs/{optOutId}`). So each id must look like an id of its kind (idFormats.ts: the
 * published patterns), else it is refused before any request.
 */
import { idFormatOf, type IdFormat } from './idFormats';

/**
 * An id that cannot go into a path; thrown before any request. `field` names where it came from
 * (the node's parameter, or the answer it was read from). The item loop turns it into a
 * NodeOperationError of the item, with this message and description.
 */
export class InvalidPathIdError extends Error {
	description: string;

	constructor(
		readonly field: string,
		readonly value: unknown,
		format: IdFormat = idFormatOf(field),
	) {
		super(`Not a valid ID in ${field}: ${JSON.stringify(String(value ?? ''))}`);
		this.name = 'InvalidPathIdError';
		this.description = `Nothing was sent. An ID here is ${format.looksLike}. Choose it from the list, or give the ID that Get Many of this resource returns; a value such as ".", ".." or the name of another address would reach that address, possibly a whole collection.`;
	}
}

/** One id for a path, keyed by the name of its field: `{ contactId }`. */
type PathId = Readonly<Record<string, unknown>>;

/** The id's text, or an InvalidPathIdError naming its field. */
function checkedId(id: PathId): string {
	const entries = Object.entries(id);
	if (entries.length !== 1) {
		throw new TypeError('apiPath takes one id per placeholder, as { name: value }');
	}
	const [[field, value]] = entries;
	const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
	if (!idFormatOf(field).accepts(text)) throw new InvalidPathIdError(field, value);
	return text;
}

/**
 * A path with ids, each checked against the format of its field (idFormats.ts):
 * ``apiPath`contacts/${{ contactId }}/groups/${{ groupId }}` ``. Throws InvalidPathIdError for an
 * id that does not look like one of its kind.
 */
export function apiPath(literals: TemplateStringsArray, ...ids: PathId[]): string {
	let path = literals[0];
	ids.forEach((id, index) => {
		path += checkedId(id) + literals[index + 1];
	});
	return path;
}

/** A segment's text after every level of percent-decoding (`%252e` -> `%2e` -> `.`). */
function fullyDecoded(segment: string): string {
	let text = segment;
	for (let level = 0; level < 5; level++) {
		let decoded: string;
		try {
			decoded = decodeURIComponent(text);
		} catch {
			// Not valid percent-encoding: the text stays as it is.
			return text;
		}
		if (decoded === text) return text;
		text = decoded;
	}
	return text;
}

/**
 * What makes an endpoint unsafe to send, or undefined: an empty, blank, `.` or `..` segment, or one
 * that decodes to such a segment or to a slash or backslash. The transport's last line of defence
 * for paths that did not come through apiPath.
 */
export function unsafePathSegment(endpoint: string): string | undefined {
	const path = endpoint.replace(/^\/+/, '');
	for (const segment of path.split('/')) {
		const decoded = fullyDecoded(segment);
		if (decoded.trim() === '' || decoded === '.' || decoded === '..' || /[/\\]/.test(decoded)) {
			return segment;
		}
	}
	return undefined;
}

/**
 * A name the service puts in a path as it is (a sender name: `/sms/sendernames/{sender}`, which may
 * hold spaces, `&`, `%` or `+`), percent-encoded. A name that `format` does not accept, or that
 * would still make an empty, dot or slash segment, is refused with InvalidPathIdError before any
 * request.
 */
export function namePathSegment(field: string, name: string, format?: IdFormat): string {
	const segment = encodeURIComponent(name);
	const unsafe = unsafePathSegment(segment) !== undefined;
	if (unsafe || (format && !format.accepts(name))) {
		const error = new InvalidPathIdError(field, name);
		error.message = `Not a valid name in ${field}: ${JSON.stringify(name)}`;
		error.description = `Nothing was sent. The name goes into the address of the request${format ? ` and is ${format.looksLike}` : ''}; ".", "..", a blank name or one with "/" or "\\" would name another address.`;
		throw error;
	}
	return segment;
}
