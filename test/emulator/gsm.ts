/**
 * Text analysis as the service does it: GSM 03.38 (7-bit) with its extension table, or UCS-2.
 * Parts: GSM-7 160 for one, 153 each once split; UCS-2 70 / 67. A message has at most 10 parts (the
 * published API's `SmsParts`, content up to 1,530 characters); the seed interface's 6 (docs/service-differences.md) is the default of
 * the account setting `max_parts` (state.account.defaultMaxParts).
 */

const GSM_BASIC =
	'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
	'¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Extension characters take an escape septet plus their own: they count twice. */
const GSM_EXTENSION = '^{}\\[~]|€\f';

const basicSet = new Set(Array.from(GSM_BASIC));
const extensionSet = new Set(Array.from(GSM_EXTENSION));

export const MAX_PARTS = 10;
const GSM_SINGLE = 160;
const GSM_MULTI = 153;
const UCS2_SINGLE = 70;
const UCS2_MULTI = 67;

export type TextEncoding = 'gsm' | 'ucs2';

export interface TextAnalysis {
	encoding: TextEncoding;
	/** Septets for GSM-7 (extension characters twice), UTF-16 code units for UCS-2. */
	length: number;
	parts: number;
	/** Characters that forced UCS-2, in order of first appearance. */
	specialChars: string[];
}

export function specialCharacters(text: string): string[] {
	const found: string[] = [];
	for (const ch of Array.from(text)) {
		if (!basicSet.has(ch) && !extensionSet.has(ch) && !found.includes(ch)) found.push(ch);
	}
	return found;
}

export function gsm7Length(text: string): number {
	let length = 0;
	for (const ch of Array.from(text)) length += extensionSet.has(ch) ? 2 : 1;
	return length;
}

export function partsFor(length: number, encoding: TextEncoding): number {
	if (length === 0) return 1;
	const single = encoding === 'gsm' ? GSM_SINGLE : UCS2_SINGLE;
	const multi = encoding === 'gsm' ? GSM_MULTI : UCS2_MULTI;
	return length <= single ? 1 : Math.ceil(length / multi);
}

export function analyzeText(text: string): TextAnalysis {
	const specialChars = specialCharacters(text);
	if (specialChars.length === 0) {
		const length = gsm7Length(text);
		return { encoding: 'gsm', length, parts: partsFor(length, 'gsm'), specialChars };
	}
	const length = text.length;
	return { encoding: 'ucs2', length, parts: partsFor(length, 'ucs2'), specialChars };
}

/** The text in GSM-7 as an encoder that is given no other alphabet writes it: every other character `?`. */
export function inGsm7(text: string): string {
	let out = '';
	for (const ch of Array.from(text)) out += basicSet.has(ch) || extensionSet.has(ch) ? ch : '?';
	return out;
}

/** Binary messages (datacoding=bin): 140 octets per part, UDH included. */
export function binaryParts(messageHex: string, udhHex: string): number {
	const octets = messageHex.length / 2 + udhHex.length / 2;
	return octets <= 140 ? 1 : Math.ceil(octets / 134);
}

const NORMALIZE_MAP: Record<string, string> = {
	Đ: 'Dj',
	đ: 'dj',
	ß: 'Ss',
	Æ: 'A',
	æ: 'a',
	Ł: 'L',
	ł: 'l',
	ð: 'o',
	þ: 'b',
	Ø: 'O',
	ø: 'o',
	'\u2018': "'",
	'\u2019': "'",
	'\u201a': "'",
	'\u201c': '"',
	'\u201d': '"',
	'\u201e': '"',
	'\u2013': '-',
	'\u2014': '-',
	'\u2026': '...',
	'\u00a0': ' ',
};

/** normalize=1: accented letters become plain ones (spec's examples: ê→e, ñ→n, ý→y, Đ→Dj, ß→Ss, Ł→L...). */
export function normalizeText(text: string): string {
	let out = '';
	for (const ch of Array.from(text)) {
		if (NORMALIZE_MAP[ch] !== undefined) {
			out += NORMALIZE_MAP[ch];
			continue;
		}
		const stripped = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
		out += stripped;
	}
	return out;
}
