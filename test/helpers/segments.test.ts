/**
 * How the service counts a text (helpers/segments.ts): the GSM-7 alphabet and its extension
 * characters, lengths, special characters, parts for GSM-7 and UCS-2, the cost of a message, and
 * normalizing a text to GSM-7.
 */
import {
	calculateMessage,
	findExtensionCharacters,
	findSpecialCharacters,
	gsm7Length,
	isGsm7,
	isGsm7Extension,
	normalizeText,
	partsFor,
} from '../../nodes/Smsapi/helpers/segments';

const repeat = (char: string, count: number) => char.repeat(count);
const isGsm7Basic = (char: string) => isGsm7(char) && !isGsm7Extension(char);

describe('GSM-7 alphabet', () => {
	it('holds the 127 characters of the GSM 03.38 basic table (escape excluded)', () => {
		let count = 0;
		for (let code = 0; code <= 0xffff; code++) if (isGsm7Basic(String.fromCharCode(code))) count++;
		expect(count).toBe(127);
	});

	it('contains every character of the spec basic-set list, line break and carriage return', () => {
		const specList =
			'@£$¥èéùìòÇØøÅå_^{}[]~|Ææßé' + '!"#¤%&\'()*+,-./' + '0123456789' + ':;<=>?§¿' +
			'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz' + 'ÄÖÑÜäöñüà' + '\n\r ';
		expect(findSpecialCharacters(specList)).toEqual([]);
	});

	it('includes the Greek capitals and ¡ of the real table', () => {
		for (const char of 'ΔΦΓΛΩΠΨΣΘΞ¡') expect(isGsm7Basic(char)).toBe(true);
	});

	it('puts ^ { } \\ [ ~ ] | € and form feed in the extension table, not the basic one', () => {
		for (const char of '^{}\\[~]|€\f') {
			expect(isGsm7Extension(char)).toBe(true);
			expect(isGsm7Basic(char)).toBe(false);
			expect(isGsm7(char)).toBe(true);
		}
		expect(isGsm7Extension('a')).toBe(false);
	});

	it('treats lower-case ç, the escape code and Polish letters as special', () => {
		expect(isGsm7('ç')).toBe(false);
		expect(isGsm7('\x1b')).toBe(false);
		expect(findSpecialCharacters('ąćęłńóśźżĄĆĘŁŃÓŚŹŻ')).toEqual([...'ąćęłńóśźżĄĆĘŁŃÓŚŹŻ']);
	});
});

describe('gsm7Length', () => {
	it('counts extension characters twice', () => {
		expect(gsm7Length('abc')).toBe(3);
		expect(gsm7Length('€')).toBe(2);
		expect(gsm7Length('a{b}c')).toBe(7);
		expect(gsm7Length('^{}\\[~]|€\f')).toBe(20);
	});
});

describe('findSpecialCharacters', () => {
	it('lists each special character once, in order, emoji whole', () => {
		expect(findSpecialCharacters('Zażółć 😀 gęślą 😀 ż')).toEqual(['ż', 'ó', 'ł', 'ć', '😀', 'ę', 'ś', 'ą']);
	});
});

describe('partsFor', () => {
	it.each([
		[0, 0],
		[1, 1],
		[160, 1],
		[161, 2],
		[306, 2],
		[307, 3],
		[459, 3],
		[460, 4],
		[612, 4],
		[613, 5],
		[765, 5],
		[766, 6],
		[918, 6],
		[919, 7],
	])('GSM-7: %i characters take %i parts', (units, parts) => {
		expect(partsFor(units, 'GSM-7')).toBe(parts);
	});

	it.each([
		[70, 1],
		[71, 2],
		[134, 2],
		[135, 3],
		[201, 3],
		[202, 4],
		[268, 4],
		[269, 5],
		[335, 5],
		[336, 6],
		[402, 6],
		[403, 7],
	])('UCS-2: %i characters take %i parts', (units, parts) => {
		expect(partsFor(units, 'UCS-2')).toBe(parts);
	});
});

describe('calculateMessage', () => {
	it('plain text is GSM-7', () => {
		const result = calculateMessage('Hello world');
		expect(result).toMatchObject({
			encoding: 'GSM-7',
			characters: 11,
			length: 11,
			parts: 1,
			maxParts: 10,
			fitsInMaxParts: true,
			charactersPerPart: 160,
			remainingInLastPart: 149,
			specialCharacters: [],
			extensionCharacters: [],
			cost: { normal: 1, fast: 1.5 },
		});
		expect(result.normalizedText).toBeUndefined();
	});

	it('GSM boundary 160 / 161', () => {
		expect(calculateMessage(repeat('a', 160))).toMatchObject({ parts: 1, remainingInLastPart: 0 });
		expect(calculateMessage(repeat('a', 161))).toMatchObject({
			parts: 2,
			charactersPerPart: 153,
			remainingInLastPart: 145,
		});
	});

	it('GSM boundary 306 / 307, 918 / 919 and 1530 / 1531 (10 parts, the published maximum)', () => {
		expect(calculateMessage(repeat('a', 306)).parts).toBe(2);
		expect(calculateMessage(repeat('a', 307)).parts).toBe(3);
		expect(calculateMessage(repeat('a', 918))).toMatchObject({ parts: 6, fitsInMaxParts: true, remainingInLastPart: 0 });
		expect(calculateMessage(repeat('a', 919))).toMatchObject({ parts: 7, fitsInMaxParts: true });
		expect(calculateMessage(repeat('a', 1530))).toMatchObject({ parts: 10, fitsInMaxParts: true, remainingInLastPart: 0 });
		expect(calculateMessage(repeat('a', 1531))).toMatchObject({ parts: 11, fitsInMaxParts: false });
	});

	it('extension characters count twice, pushing 159 letters + € past one part', () => {
		const result = calculateMessage(repeat('a', 159) + '€');
		expect(result).toMatchObject({ encoding: 'GSM-7', characters: 161, length: 160, parts: 2 });
		expect(result.extensionCharacters).toEqual(['€']);
		expect(calculateMessage(repeat('a', 158) + '€').parts).toBe(1);
	});

	it('UCS-2 boundaries 70 / 71, 134 / 135, 402 / 403, 670 / 671', () => {
		const ucs = (n: number) => 'ą' + repeat('a', n - 1);
		expect(calculateMessage(ucs(70))).toMatchObject({ encoding: 'UCS-2', characters: 70, parts: 1, charactersPerPart: 70 });
		expect(calculateMessage(ucs(71))).toMatchObject({ parts: 2, charactersPerPart: 67, remainingInLastPart: 63 });
		expect(calculateMessage(ucs(134)).parts).toBe(2);
		expect(calculateMessage(ucs(135)).parts).toBe(3);
		expect(calculateMessage(ucs(402))).toMatchObject({ parts: 6, fitsInMaxParts: true });
		expect(calculateMessage(ucs(403))).toMatchObject({ parts: 7, fitsInMaxParts: true });
		expect(calculateMessage(ucs(670))).toMatchObject({ parts: 10, fitsInMaxParts: true, remainingInLastPart: 0 });
		expect(calculateMessage(ucs(671))).toMatchObject({ parts: 11, fitsInMaxParts: false });
	});

	it('extension characters count once in UCS-2', () => {
		const result = calculateMessage('ą€');
		expect(result).toMatchObject({ encoding: 'UCS-2', characters: 2, extensionCharacters: [] });
	});

	it('an emoji forces UCS-2 and counts as two units', () => {
		const result = calculateMessage('Hi 😀');
		expect(result).toMatchObject({ encoding: 'UCS-2', characters: 5, length: 5, specialCharacters: ['😀'] });
		// 69 letters + one emoji = 71 units: two parts, although 70 "characters".
		expect(calculateMessage(repeat('a', 68) + '😀').parts).toBe(1);
		expect(calculateMessage(repeat('a', 69) + '😀').parts).toBe(2);
	});

	it('one Polish letter switches the whole message to UCS-2', () => {
		const result = calculateMessage('Dzień dobry');
		expect(result.encoding).toBe('UCS-2');
		expect(result.specialCharacters).toEqual(['ń']);
	});

	it('normalize calculates on the normalized text', () => {
		const result = calculateMessage('Zażółć gęślą jaźń', { normalize: true });
		expect(result).toMatchObject({
			encoding: 'GSM-7',
			normalizedText: 'Zazolc gesla jazn',
			characters: 17,
			specialCharacters: [],
		});
	});

	it('normalize keeps reporting what it cannot replace', () => {
		const result = calculateMessage('Cześć 😀', { normalize: true });
		expect(result).toMatchObject({ encoding: 'UCS-2', normalizedText: 'Czesc 😀', specialCharacters: ['😀'] });
	});

	it('costs parts × recipients, fast 150%', () => {
		expect(calculateMessage(repeat('a', 161), { recipients: 3 }).cost).toEqual({ normal: 6, fast: 9 });
		expect(calculateMessage('a', { recipients: 3, costPerPart: 0.165 }).cost).toEqual({ normal: 0.495, fast: 0.7425 });
		expect(calculateMessage('ą' + repeat('a', 70)).cost).toEqual({ normal: 2, fast: 3 });
	});

	it('an empty text takes no parts and costs nothing', () => {
		expect(calculateMessage('')).toMatchObject({ parts: 0, characters: 0, cost: { normal: 0, fast: 0 } });
	});
});

describe('normalizeText', () => {
	it.each([
		['ê', 'e'],
		['ñ', 'n'],
		['ý', 'y'],
		['Đ', 'Dj'],
		['đ', 'dj'],
		['ß', 'Ss'],
		['Æ', 'A'],
		['æ', 'a'],
		['Ł', 'L'],
		['ł', 'l'],
		['ð', 'o'],
		['þ', 'b'],
	])('spec example %s → %s', (input, output) => {
		expect(normalizeText(input)).toBe(output);
	});

	it('replaces all Polish letters', () => {
		expect(normalizeText('ą ć ę ł ń ó ś ź ż Ą Ć Ę Ł Ń Ó Ś Ź Ż')).toBe('a c e l n o s z z A C E L N O S Z Z');
	});

	it('replaces accented letters of the GSM alphabet too (the spec replaces ñ)', () => {
		expect(normalizeText('é è ü ä ö Å Ç Ø')).toBe('e e u a o A C O');
	});

	it('turns every Latin-1 and Latin Extended-A letter into GSM-7', () => {
		const leftovers: string[] = [];
		for (let code = 0xc0; code <= 0x17f; code++) {
			const char = String.fromCharCode(code);
			if (char === '×' || char === '÷') continue;
			if (findSpecialCharacters(normalizeText(char)).length > 0) leftovers.push(char);
		}
		expect(leftovers).toEqual([]);
	});

	it('replaces typographic quotes, dashes, ellipsis and no-break spaces', () => {
		expect(normalizeText('„Tak” – ‘no’ — wait…\u00a0ok')).toBe('"Tak" - \'no\' - wait... ok');
	});

	it('handles decomposed input (e + combining acute)', () => {
		expect(normalizeText('Cafe\u0301')).toBe('Cafe');
	});

	it('keeps GSM symbols, Greek, emoji and Cyrillic', () => {
		expect(normalizeText('£5 ¥ § ¿ ¡ Δ € {x} 😀 й')).toBe('£5 ¥ § ¿ ¡ Δ € {x} 😀 й');
	});

	it('lists the extension characters found', () => {
		expect(findExtensionCharacters('a{b}€{')).toEqual(['{', '}', '€']);
	});
});
