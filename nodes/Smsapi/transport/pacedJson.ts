import { Pacer } from '../helpers/pacer';

/**
 * JSON answers parsed in pieces, with turns of the event loop between them. The answer to a
 * send of 10,000 recipients is about 1.7 MB of JSON (one entry per message); read as one string
 * and parsed in one go it allocates 1.7 MB and then 10,000 objects in one synchronous step, and
 * when V8 is marking a large heap (n8n holding a run of 100,000 items) such a step also carries
 * the marking work for all it allocates: it then holds the event loop for a few hundred
 * milliseconds instead of a few. So the answer arrives as bytes (options.ts) and only pieces of
 * about 32 KB become text, each parsed on its own.
 */

/** Answers shorter than this many bytes are read in one go. */
export const PACED_PARSE_FROM = 256 * 1024;

/** About this many bytes of a long array are parsed at a time. */
const PIECE_BYTES = 32 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** JSON's own whitespace (JSON.parse skips nothing else). */
function isJsonSpace(byte: number): boolean {
	return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/** An array parsed in pieces: the root itself, or a value of the root object. */
interface LongArray {
	/** The depth of its elements: 1 for the root array, 2 for an array the root object holds. */
	level: number;
	open: number;
	close: number;
	/** Positions of the commas between elements where a piece ends. */
	cuts: number[];
	/** Start and end (inclusive) of its key's JSON string; undefined for the root array. */
	key?: [number, number];
}

/**
 * The position of the quote that closes the string opened at `open` (`bytes.length` when none
 * does). Strings are most of an answer's bytes: the closing quote is found by the engine's own
 * search, and a quote counts as closing when an even number of backslashes stands before it.
 */
function stringEnd(bytes: Uint8Array, open: number): number {
	let quote = open;
	for (;;) {
		quote = bytes.indexOf(QUOTE, quote + 1);
		if (quote === -1) return bytes.length;
		let backslashes = 0;
		while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes++;
		if (backslashes % 2 === 0) return quote;
	}
}

/**
 * Where the root array's elements, or the elements of the root object's array values, can be cut
 * into pieces of about PIECE_BYTES. JSON's structural characters are ASCII, and UTF-8 never uses
 * ASCII bytes inside another character, so the bytes are read as they are. Undefined when the
 * brackets do not close.
 */
function findLongArrays(bytes: Uint8Array): LongArray[] | undefined {
	const arrays: LongArray[] = [];
	let depth = 0;
	let rootIsObject = false;
	let current: LongArray | undefined;
	let lastKey: [number, number] | undefined;
	let pieceStart = 0;
	for (let i = 0; i < bytes.length; i++) {
		const c = bytes[i];
		if (c === QUOTE) {
			const start = i;
			i = stringEnd(bytes, i);
			if (depth === 1) lastKey = [start, i];
		} else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
			depth++;
			if (depth === 1) rootIsObject = c === OPEN_OBJECT;
			const elementLevel = (depth === 1 && c === OPEN_ARRAY) || (depth === 2 && rootIsObject);
			if (elementLevel && c === OPEN_ARRAY) {
				const key = depth === 2 ? lastKey : undefined;
				current = { level: depth, open: i, close: -1, cuts: [], key };
				pieceStart = i;
			}
		} else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
			if (current && depth === current.level) {
				current.close = i;
				arrays.push(current);
				current = undefined;
			}
			depth--;
		} else if (c === COMMA && current && depth === current.level && i - pieceStart >= PIECE_BYTES) {
			current.cuts.push(i);
			pieceStart = i;
		}
	}
	return depth === 0 && !current ? arrays : undefined;
}

/** Bytes as text; a U+FEFF inside is kept (JSON.parse refuses it where the whole text would). */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

function text(bytes: Uint8Array, start = 0, end = bytes.length): string {
	return decoder.decode(bytes.subarray(start, end));
}

function onlySpace(bytes: Uint8Array, start: number, end: number): boolean {
	for (let i = start; i < end; i++) if (!isJsonSpace(bytes[i])) return false;
	return true;
}

/**
 * `JSON.parse` of the UTF-8 text in `bytes`, with the long arrays (the root array, or the arrays
 * the root object holds) parsed a piece at a time, the event loop given a turn when one is due.
 * The result is JSON.parse's in every case: text the pieces do not read the same way is parsed
 * (or refused) by JSON.parse itself, in one go.
 */
export async function parseJsonInTurns(bytes: Uint8Array, pacer = new Pacer()): Promise<unknown> {
	const whole = () => JSON.parse(text(bytes)) as unknown;
	const arrays = findLongArrays(bytes);
	if (!arrays || arrays.every((array) => array.cuts.length === 0)) return whole();
	try {
		let skeleton = '';
		let from = 0;
		for (const array of arrays) {
			skeleton += text(bytes, from, array.open + 1);
			from = array.close;
		}
		const root = JSON.parse(skeleton + text(bytes, from)) as unknown;
		for (const array of arrays) {
			const key = array.key && (JSON.parse(text(bytes, array.key[0], array.key[1] + 1)) as string);
			const target =
				array.level === 1 ? root : key !== undefined && (root as Record<string, unknown>)[key];
			// A repeated key whose last value is not this array: JSON.parse decides.
			if (!Array.isArray(target) || target.length > 0) return whole();
			const bounds = [array.open, ...array.cuts, array.close];
			for (let piece = 1; piece < bounds.length; piece++) {
				const [start, end] = [bounds[piece - 1] + 1, bounds[piece]];
				// `[a,]` must not read as `[a]` when the cut fell on its last comma.
				if (piece > 1 && onlySpace(bytes, start, end)) return whole();
				for (const element of JSON.parse(`[${text(bytes, start, end)}]`) as unknown[])
					target.push(element);
				if (pacer.due()) await pacer.pause();
			}
		}
		return root;
	} catch {
		return whole();
	}
}

/**
 * A long answer that is JSON, parsed in turns (`parseJsonInTurns`), from the bytes after a byte
 * order mark and JSON whitespace; any other answer as it came: responseBody.ts reads it by its
 * content as before (also a long one these pieces cannot read).
 */
export async function readLongJson(body: unknown): Promise<unknown> {
	if (!(body instanceof Uint8Array) || body.length < PACED_PARSE_FROM) return body;
	let start = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
	while (start < body.length && isJsonSpace(body[start])) start++;
	if (body[start] !== OPEN_ARRAY && body[start] !== OPEN_OBJECT) return body;
	try {
		return await parseJsonInTurns(body.subarray(start));
	} catch {
		return body;
	}
}
