/**
 * Offline SMS segment calculator: which alphabet a text travels in, how many parts it takes
 * and what it costs, following the service's own tables (docs/service-behaviour.md, "Limits").
 *
 * Counting model:
 * - GSM-7 (GSM 03.38 default alphabet): one unit per basic character, two per extension
 *   character (form feed and `^ { } \ [ ~ ] | €`, sent as escape + character).
 * - A single "special character" (anything outside the GSM-7 basic and extension tables,
 *   Polish letters included) switches the whole message to UCS-2, counted in UTF-16 units:
 *   characters beyond the BMP (most emoji) count as two.
 * - Parts come from the service's cumulative table (GSM 160/306/459/612/765/918/1071/1224/1377/1530,
 *   UCS-2 70/134/201/268/335/402/469/536/603/670), i.e. 153 or 67 units per part once a message is
 *   split. Real encoders avoid cutting an escape sequence or a surrogate pair at a part boundary,
 *   which can add a part in rare edge cases; the service's published table ignores that, and so do we.
 *
 * Parts: the seed interface description said at most 6; the published API allows 1 to 10 (`SmsParts`, content up to
 * 1,530 characters). The account's default is its own setting (`max_parts` in the profile's SMS
 * settings, set in the portal); a request's `max_parts` (1–10) applies instead of it.
 */

type SmsEncoding = 'GSM-7' | 'UCS-2';

/** The service's hard limit of parts per message (and the maximum of `max_parts`). */
export const MAX_PARTS = 10;

const SINGLE_PART: Record<SmsEncoding, number> = { 'GSM-7': 160, 'UCS-2': 70 };
const PER_PART_WHEN_SPLIT: Record<SmsEncoding, number> = { 'GSM-7': 153, 'UCS-2': 67 };

/** Fast messages cost 150% of a normal one. */
const FAST_COST_FACTOR = 1.5;

/**
 * GSM 03.38 basic table in code order (0x00-0x7F), without the escape code 0x1B, which is
 * not a character a user can type. It contains line feed and carriage return, the Greek
 * capitals and `¡`, which the seed interface description's shorter list leaves out.
 */
const GSM7_BASIC_CHARACTERS =
	'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
	'¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** GSM 03.38 extension table: each costs two units (escape + character). */
const GSM7_EXTENSION_CHARACTERS = '\f^{}\\[~]|€';

const GSM7_BASIC = new Set(GSM7_BASIC_CHARACTERS);
const GSM7_EXTENSION = new Set(GSM7_EXTENSION_CHARACTERS);

/** True for a character of the GSM-7 extension table (two units). */
export function isGsm7Extension(char: string): boolean {
	return GSM7_EXTENSION.has(char);
}

/** True when a character can travel in GSM-7 at all (basic or extension table). */
export function isGsm7(char: string): boolean {
	return GSM7_BASIC.has(char) || GSM7_EXTENSION.has(char);
}

/**
 * Length of `text` in GSM-7 units: extension characters count twice. Characters outside the
 * alphabet count once per code point; the number is only meaningful when
 * `findSpecialCharacters(text)` is empty.
 */
export function gsm7Length(text: string): number {
	let units = 0;
	for (const char of text) units += GSM7_EXTENSION.has(char) ? 2 : 1;
	return units;
}

function uniqueMatching(text: string, predicate: (char: string) => boolean): string[] {
	const found: string[] = [];
	const seen = new Set<string>();
	for (const char of text) {
		if (predicate(char) && !seen.has(char)) {
			seen.add(char);
			found.push(char);
		}
	}
	return found;
}

/** Whether `text` holds a character outside GSM-7 (which makes the whole message UCS-2). */
export function hasSpecialCharacters(text: string): boolean {
	for (const char of text) if (!isGsm7(char)) return true;
	return false;
}

/**
 * The "special characters" of `text` as the service defines them: every character outside
 * the GSM-7 alphabet (Polish letters, emoji, typographic quotes...). Unique, in order of
 * first appearance; an emoji is one entry even though it is two UTF-16 units.
 */
export function findSpecialCharacters(text: string): string[] {
	return uniqueMatching(text, (char) => !isGsm7(char));
}

/** GSM-7 extension characters found in `text` (each counts twice), unique, in order. */
export function findExtensionCharacters(text: string): string[] {
	return uniqueMatching(text, isGsm7Extension);
}

/**
 * Parts needed for `units` characters (as the service counts them) in `encoding`. Beyond
 * ten parts the count goes on at 153 / 67 units per part so callers can report it; the
 * service refuses such messages. An empty text takes 0 parts.
 */
export function partsFor(units: number, encoding: SmsEncoding): number {
	if (units <= 0) return 0;
	if (units <= SINGLE_PART[encoding]) return 1;
	return Math.ceil(units / PER_PART_WHEN_SPLIT[encoding]);
}

/** Total characters that `parts` parts can hold. */
function capacityOf(parts: number, encoding: SmsEncoding): number {
	if (parts <= 1) return SINGLE_PART[encoding];
	return parts * PER_PART_WHEN_SPLIT[encoding];
}

// Letters that Unicode does not decompose into base + accent. The values follow the
// service's examples (Đ→Dj, ß→Ss, Æ→A, ð→o, þ→b), which match the widely used PHP
// transliteration table the service's normalize evidently comes from (Þ→B, Ø→O there).
const LETTER_REPLACEMENTS: Record<string, string> = {
	Đ: 'Dj',
	đ: 'dj',
	Ð: 'D',
	ð: 'o',
	Þ: 'B',
	þ: 'b',
	ß: 'Ss',
	ẞ: 'Ss',
	Æ: 'A',
	æ: 'a',
	Ø: 'O',
	ø: 'o',
	Ł: 'L',
	ł: 'l',
	Œ: 'OE',
	œ: 'oe',
	Ĳ: 'IJ',
	ĳ: 'ij',
	Ħ: 'H',
	ħ: 'h',
	ı: 'i',
	Ŀ: 'L',
	ŀ: 'l',
	Ŋ: 'N',
	ŋ: 'n',
	Ŧ: 'T',
	ŧ: 't',
	ĸ: 'k',
	ŉ: 'n',
	ſ: 's',
};

// Typography that word processors and phones insert in place of plain ASCII.
const TYPOGRAPHY_REPLACEMENTS: Record<string, string> = {
	'\u2018': "'", // ‘
	'\u2019': "'", // ’
	'\u201A': "'", // ‚
	'\u201B': "'", // ‛
	'\u2032': "'", // ′
	'\u00B4': "'", // ´
	'`': "'",
	'\u201C': '"', // “
	'\u201D': '"', // ”
	'\u201E': '"', // „
	'\u201F': '"', // ‟
	'\u2033': '"', // ″
	'\u00AB': '"', // «
	'\u00BB': '"', // »
	'\u2010': '-', // ‐
	'\u2011': '-', // non-breaking hyphen
	'\u2012': '-', // ‒
	'\u2013': '-', // –
	'\u2014': '-', // —
	'\u2015': '-', // ―
	'\u2212': '-', // −
	'\u2026': '...', // …
	'\u00A0': ' ', // no-break space
	'\u202F': ' ', // narrow no-break space
	'\u205F': ' ',
	'\u3000': ' ',
};

const COMBINING_MARKS = /[\u0300-\u036f]/g;

function isLatinLetterRange(code: number): boolean {
	return (code >= 0x00c0 && code <= 0x024f) || (code >= 0x1e00 && code <= 0x1eff);
}

function normalizeCharacter(char: string): string {
	const letter = LETTER_REPLACEMENTS[char];
	if (letter !== undefined) return letter;
	const typography = TYPOGRAPHY_REPLACEMENTS[char];
	if (typography !== undefined) return typography;
	const code = char.codePointAt(0) as number;
	if (code >= 0x2000 && code <= 0x200a) return ' ';
	// Only Latin letters lose their accents: stripping marks from Cyrillic or Greek would
	// turn one letter into another (й into и), not into a plain equivalent.
	if (isLatinLetterRange(code)) {
		const stripped = char.normalize('NFD').replace(COMBINING_MARKS, '');
		if (stripped !== '') return stripped;
	}
	return char;
}

/**
 * What the service sends for `text` with `normalize=1`: accented and special Latin letters
 * become plain ones (ê→e, ñ→n, ý→y, ą→a, Ł→L, Đ→Dj, ß→Ss, Æ→A, ð→o, þ→b...) and typographic
 * quotes, dashes, ellipsis and odd spaces become ASCII.
 *
 * Decision: accented letters that are also in the GSM-7 alphabet (é, è, ñ, ü, ä, ö, Å, Ç...)
 * are replaced too, because the service's documented examples replace GSM letters (ñ→n, ß→Ss, Æ→A,
 * æ→a). GSM symbols that are not letters (£ ¥ § ¿ ¡ ¤, the Greek capitals, €) are kept.
 * Characters without a plain equivalent (emoji, Cyrillic, CJK) are kept as they are.
 */
export function normalizeText(text: string): string {
	// Compose first so that "e" + combining acute is handled like "é".
	const composed = text.normalize('NFC');
	let result = '';
	for (const char of composed) result += normalizeCharacter(char);
	// Marks that could not be composed onto a letter would otherwise force UCS-2.
	return result.replace(COMBINING_MARKS, '');
}

interface CalculateOptions {
	/** Calculate for the text the service sends with `normalize=1`. */
	normalize?: boolean;
	/** Number of recipients, for the cost. Default 1. */
	recipients?: number;
	/** SMS units (credits) per part of a normal message. Default 1. */
	costPerPart?: number;
}

interface MessageCalculation {
	encoding: SmsEncoding;
	/** Characters as the service counts them: GSM-7 units, or UTF-16 units for UCS-2. */
	characters: number;
	/** JavaScript string length (UTF-16 units) of the text that is sent. */
	length: number;
	parts: number;
	maxParts: typeof MAX_PARTS;
	fitsInMaxParts: boolean;
	/** Characters per part at this length: 160 / 70 for one part, 153 / 67 once split. */
	charactersPerPart: number;
	/** Characters that still fit without adding a part. */
	remainingInLastPart: number;
	/** Characters outside GSM-7 (they force UCS-2), unique, in order of appearance. */
	specialCharacters: string[];
	/** GSM-7 extension characters (each counts twice), unique, in order; empty for UCS-2, where they count once. */
	extensionCharacters: string[];
	/** The text after the service's normalize; present only with `normalize`. */
	normalizedText?: string;
	/** Cost in SMS units for all recipients: normal, and fast (150%). */
	cost: { normal: number; fast: number };
}

function roundUnits(value: number): number {
	return Math.round(value * 1e6) / 1e6;
}

/**
 * Everything the service will make of `text`: encoding, characters, parts and cost. With
 * `normalize`, every figure (special characters included) describes the normalized text,
 * because that is what is sent.
 */
export function calculateMessage(text: string, options: CalculateOptions = {}): MessageCalculation {
	const sent = options.normalize ? normalizeText(text) : text;
	const specialCharacters = findSpecialCharacters(sent);
	const encoding: SmsEncoding = specialCharacters.length > 0 ? 'UCS-2' : 'GSM-7';
	const characters = encoding === 'GSM-7' ? gsm7Length(sent) : sent.length;
	const parts = partsFor(characters, encoding);
	const recipients = options.recipients ?? 1;
	const costPerPart = options.costPerPart ?? 1;
	const normal = roundUnits(parts * recipients * costPerPart);

	const result: MessageCalculation = {
		encoding,
		characters,
		length: sent.length,
		parts,
		maxParts: MAX_PARTS,
		fitsInMaxParts: parts <= MAX_PARTS,
		charactersPerPart: parts > 1 ? PER_PART_WHEN_SPLIT[encoding] : SINGLE_PART[encoding],
		remainingInLastPart: capacityOf(parts, encoding) - characters,
		specialCharacters,
		extensionCharacters: encoding === 'GSM-7' ? findExtensionCharacters(sent) : [],
		cost: { normal, fast: roundUnits(normal * FAST_COST_FACTOR) },
	};
	if (options.normalize) result.normalizedText = sent;
	return result;
}
