/**
 * The texts the recipients of one send receive ([%1%]..[%4%] filled in per recipient), and
 * their size as the service counts it.
 */
import {
	calculateMessage,
	gsm7Length,
	hasSpecialCharacters,
	normalizeText,
	partsFor,
} from '../helpers/segments';
import { PARAM_KEYS, type SendRequest } from './request';

/** A text's size as the service counts it, in both encodings. */
interface TextSize {
	gsmUnits: number;
	utf16Units: number;
	special: boolean;
}

function sizeOf(text: string, normalize: boolean): TextSize {
	const sent = normalize ? normalizeText(text) : text;
	return {
		gsmUnits: gsm7Length(sent),
		utf16Units: sent.length,
		special: hasSpecialCharacters(sent),
	};
}

const PLACEHOLDER = /\[%([1-4])%\]/;

/**
 * The messages the recipients receive, [%1%]..[%4%] filled in where values are given, measured
 * piece by piece (fixed text once, each value once): linear in the message and the values, also
 * for 100,000 personalised recipients, where building every text would not be.
 */
class RecipientTexts {
	/** The message around its placeholders: text, placeholder number, text, ... */
	private readonly pieces: string[];
	private readonly values: Array<string[] | undefined>;
	readonly count: number;

	constructor(
		private readonly request: SendRequest,
		private readonly normalize: boolean,
	) {
		const message = request.message ?? '';
		this.values = PARAM_KEYS.map((key) => request.perRecipient[key]);
		this.pieces = message.split(new RegExp(PLACEHOLDER.source, 'g'));
		const used = this.values.some((v, i) => v !== undefined && message.includes(`[%${i + 1}%]`));
		let count = 1;
		if (used) {
			count = 0;
			for (const list of this.values) count = Math.max(count, list?.length ?? 0);
		}
		this.count = count;
	}

	/** The text of recipient `r` (only for reporting one of them). */
	text(r: number): string {
		if (this.count === 1 && this.values.every((v) => v === undefined))
			return this.request.message ?? '';
		return this.pieces
			.map((piece, i) =>
				i % 2 === 0 ? piece : (this.values[Number(piece) - 1]?.[r] ?? `[%${piece}%]`),
			)
			.join('');
	}

	/** Characters (as counted in the encoding the text needs) and parts of each recipient's text. */
	*measure(): Generator<{ index: number; characters: number; parts: number }> {
		const fixed: TextSize = { gsmUnits: 0, utf16Units: 0, special: false };
		/** How often [%1%]..[%4%] occur in the message. */
		const occurrences = [0, 0, 0, 0];
		this.pieces.forEach((piece, i) => {
			if (i % 2 === 1) {
				occurrences[Number(piece) - 1]++;
				return;
			}
			const size = sizeOf(piece, this.normalize);
			fixed.gsmUnits += size.gsmUnits;
			fixed.utf16Units += size.utf16Units;
			fixed.special ||= size.special;
		});
		for (let r = 0; r < this.count; r++) {
			const total = { ...fixed };
			occurrences.forEach((times, i) => {
				if (times === 0) return;
				const size = sizeOf(this.values[i]?.[r] ?? `[%${i + 1}%]`, this.normalize);
				total.gsmUnits += size.gsmUnits * times;
				total.utf16Units += size.utf16Units * times;
				total.special ||= size.special;
			});
			const encoding = total.special ? 'UCS-2' : 'GSM-7';
			const characters = total.special ? total.utf16Units : total.gsmUnits;
			yield { index: r, characters, parts: partsFor(characters, encoding) };
		}
	}
}

export interface TextSizes {
	/** The recipient whose text needs the most parts (the first of them). */
	index: number;
	recipients: number;
	/** Characters of the longest text. */
	longest: number;
	calculation: ReturnType<typeof calculateMessage>;
}

/**
 * The sizes of the last text measured without per-recipient values (read only): a campaign
 * sends the same text to thousands of items, and the checks and the output measure it twice.
 */
let lastMeasured: { message: string; normalize: boolean; sizes: TextSizes } | undefined;

/**
 * The sizes of a send's texts, measured in one pass: the recipient whose text needs the most
 * parts (the first of them) with its calculation, and the characters of the longest text.
 */
export function measureTexts(request: SendRequest, normalize: boolean): TextSizes {
	const message = request.message ?? '';
	const oneText = PARAM_KEYS.every((key) => request.perRecipient[key] === undefined);
	if (oneText && lastMeasured?.message === message && lastMeasured.normalize === normalize)
		return lastMeasured.sizes;
	const sizes = measureEach(request, normalize);
	if (oneText) lastMeasured = { message, normalize, sizes };
	return sizes;
}

function measureEach(request: SendRequest, normalize: boolean): TextSizes {
	const texts = new RecipientTexts(request, normalize);
	let worst = { index: 0, parts: 0 };
	let longest = 0;
	for (const measured of texts.measure()) {
		if (measured.parts > worst.parts) worst = measured;
		longest = Math.max(longest, measured.characters);
	}
	return {
		index: worst.index,
		recipients: texts.count,
		longest,
		calculation: calculateMessage(texts.text(worst.index), { normalize }),
	};
}
