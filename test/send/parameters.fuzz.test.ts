/**
 * Fuzzing what turns a send's parameters into requests and the answers back into items: the
 * options (send/parameters.ts, send/request.ts), the checks and wire form (send/checks.ts, send/wire.ts),
 * batching and result matching (send/batching.ts, send/results.ts), and the macro neutralisation of untrusted
 * text (helpers/macros.ts). Seeded, ≥ 10,000 generated and adversarial inputs. Asserts: nothing
 * throws but a clean problem list; no recipient is lost or duplicated on the way to the service
 * or back; the largest accepted sends are handled in linear time (bounds with ≥ 20× headroom).
 */
import { toSendParameters } from '../../nodes/Smsapi/send/parameters';
import { type ItemSendRequest, splitIntoRequests, toWireParameters, validateSendParameters } from '../support/looseSend';
import type { ServiceListEntry } from '../../nodes/Smsapi/send/results';
import { resultsPerItem } from './support/resultsPerItem';
import { neutralizeMacros, splitTemplate } from '../../nodes/Smsapi/helpers/macros';
import type { SendParameters } from '../../nodes/Smsapi/send/parameters';
import { DIGITS, type Random, forEachCase, fuzzSeed, timeMs } from '../support/random';

const SEED = fuzzSeed(20_250_316);

function check(ok: boolean, what: string, ...values: unknown[]): void {
	if (!ok) throw new Error(`${what}: ${JSON.stringify(values, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v)).slice(0, 600)}`);
}

const OPTION_NAMES = [
	'allowDuplicates', 'batching', 'checkIdx', 'datacoding', 'date', 'dateValidate', 'details', 'discountGroup', 'encoding',
	'expirationDate', 'fast', 'flash', 'from', 'idx', 'maxParts', 'maxRecipientsPerItem', 'neutralizeMacros', 'normalize',
	'notifyUrl', 'nounicode', 'param1', 'param2', 'param3', 'param4', 'single', 'template', 'test', 'timeRestriction', 'udh',
	'__proto__', 'constructor', 'toString', 'unknownOption',
];

/** Any value an expression can put into an option. */
function anyValue(random: Random): unknown {
	return random.pick<() => unknown>([
		() => random.nasty(30),
		() => random.int(-1e6, 1e12),
		() => random.bool(),
		() => null,
		() => undefined,
		() => '',
		() => random.pick([NaN, Infinity, -0, 1e309, 0.5]),
		() => Array.from({ length: random.int(0, 5) }, () => random.nasty(8)),
		() => ({ toISO: () => random.pick([null, '2099-01-01T10:00:00Z', 'garbage']) }),
		() => ({ toJSDate: () => new Date(random.pick([0, NaN, 4_086_576_000_000])) }),
		() => new Date(random.pick([NaN, Date.now() + 3_600_000, 0])),
		() => ({ nested: { deeper: [random.nasty(5)] } }),
		() => `${random.int(1, 9)}${random.string(random.int(0, 14), DIGITS)}`,
		() => random.pick(['2099-07-01T09:30:00', '2099-07-01', 'bin', 'follow', 'x'.repeat(300), 'a|b|c', '[%goto:x%]']),
	])();
}

describe('send parameters: any option value gives a clean result', () => {
	it('3,000 random option sets: toSendParameters, the checks and the wire form never throw; the wire is all text', () => {
		forEachCase(SEED, 3000, (random) => {
			const options: Record<string, unknown> = {};
			for (let i = random.int(0, 12); i > 0; i--) options[random.pick(OPTION_NAMES)] = anyValue(random);
			const params = toSendParameters(options as never, { timezone: random.pick(['UTC', 'Europe/Warsaw', 'Not/AZone', '']) });
			const full: SendParameters = {
				...params,
				to: anyValue(random) as string,
				message: anyValue(random) as string,
				...(random.bool(0.2) ? { group: anyValue(random) as string } : {}),
			};
			const problems = validateSendParameters(full, { checkRequestLimits: random.bool() });
			check(problems === null || (Array.isArray(problems) && problems.length > 0), 'problems are a non-empty list or null');
			for (const problem of problems ?? []) {
				check(typeof problem.parameter === 'string' && typeof problem.message === 'string' && problem.message !== '', 'a problem without words', problem);
			}
			const wire = toWireParameters(full);
			for (const [key, value] of Object.entries(wire)) check(typeof value === 'string', 'a wire value that is not text', key, value);
		});
	});
});

/** A random run of items: numbers shared between items, params and idx, Allow Duplicates on some. */
function randomItems(random: Random): ItemSendRequest[] {
	const pool = Array.from({ length: random.int(1, 12) }, () => `48${random.int(500000000, 500000099)}`);
	return Array.from({ length: random.int(1, 20) }, (_, itemIndex) => {
		const count = random.int(1, 6);
		const to = Array.from({ length: count }, () => random.pick(pool));
		const params: SendParameters = { to, message: random.pick(['Sale', 'Hi [%1%]', 'Link [%goto:https://x.example%]']) };
		if (random.bool(0.4)) params.param1 = to.map(() => random.string(random.int(0, 6)).replace(/\|/g, ''));
		if (random.bool(0.7)) params.idx = to.map((_, i) => `i${itemIndex}-${i}`);
		if (random.bool(0.3)) params.allow_duplicates = true;
		if (random.bool(0.05)) params.param2 = ['misaligned'];
		return { itemIndex, params };
	});
}

/** How the service could answer a request: some numbers listed (any order, either form), some invalid, some missing. */
function randomAnswer(random: Random, to: string[], idx: string[] | undefined): { list: ServiceListEntry[]; invalid_numbers: Array<Record<string, string>> } {
	const list: ServiceListEntry[] = [];
	const invalid: Array<Record<string, string>> = [];
	to.forEach((number, i) => {
		const fate = random.int(0, 9);
		if (fate === 0) invalid.push({ number, submitted_number: number, message: 'Invalid' });
		if (fate <= 1) return;
		list.push({
			id: `id-${i}`,
			points: random.pick([0.165, '0.1650', 'x']),
			number: random.bool(0.8) ? number : number.slice(2),
			submitted_number: random.bool(0.7) ? number : undefined,
			idx: idx?.[i] ?? null,
		} as ServiceListEntry);
	});
	if (random.bool(0.1)) list.push({ id: 'stray', points: 0, number: '1' });
	for (let i = list.length - 1; i > 0; i--) {
		const j = random.int(0, i);
		[list[i], list[j]] = [list[j], list[i]];
	}
	return { list, invalid_numbers: invalid };
}

describe('batching and answers: no recipient lost or duplicated', () => {
	it('2,000 random runs: every recipient is in one request once, values stay with their number, each gets one outcome', () => {
		forEachCase(SEED + 1, 2000, (random) => {
			const items = randomItems(random);
			const requests = splitIntoRequests(items, { batching: random.bool(0.8), maxRecipients: random.int(1, 30), maxPersonalised: random.int(1, 10) });
			const wanted = items.flatMap((item) => (item.params.to as string[]).map((n, i) => `${item.itemIndex}/${i}/${n}`));
			const planned: string[] = [];
			for (const request of requests) {
				const to = request.params.to?.split(',') ?? [];
				check(to.length === request.recipients, 'the request counts its recipients wrongly', request);
				let position = 0;
				for (const member of request.members) {
					const item = items[member.itemIndex];
					member.recipientIndexes.forEach((recipientIndex, k) => {
						planned.push(`${member.itemIndex}/${recipientIndex}/${member.numbers[k]}`);
						check(to[position] === (item.params.to as string[])[recipientIndex], 'a number moved', request.params.to, member);
						for (const key of ['param1', 'idx'] as const) {
							const values = item.params[key] as string[] | undefined;
							if (!values || values.length !== (item.params.to as string[]).length) continue;
							check(request.params[key]?.split('|')[position] === values[recipientIndex], `a ${key} value moved`, request.params[key], member);
						}
						position++;
					});
				}
				const generated = randomAnswer(random, to, request.params.idx?.split('|'));
				const answer = random.bool(0.1) ? { error: 13, list: [], invalid_numbers: generated.invalid_numbers } : generated;
				const { items: results, unmatched } = resultsPerItem(request, answer);
				const outcomes = results.reduce((sum, result) => sum + result.sent.length + result.skipped.length, 0);
				check(outcomes === request.recipients, 'a recipient got no outcome or two', request.params, answer, results);
				const used = new Set(results.flatMap((result) => result.sent.map((sent) => sent.entry)));
				check(used.size === results.reduce((sum, result) => sum + result.sent.length, 0), 'one answer entry given to two recipients');
				for (const entry of answer.list) check(used.has(entry) !== unmatched.includes(entry), 'an answer entry dropped or doubled', entry);
			}
			check(planned.sort().join() === wanted.sort().join(), 'a recipient was lost or doubled on the way to the service');
		});
	});
});

describe('macros from outside: made inert, the rest untouched', () => {
	const MACRO_PIECES = ['[', ']', '%', '[%', '%]', '[%goto:', 'https://evil.example/x', '[%code%]', '[%1%]', 'a', ' ', 'ż', '😀', '\ud800', '{{', '}}', '\\{{'];

	it('4,000 random texts: no [% or %] touches a character from outside; trusted text is joined unchanged; only spaces are added', () => {
		forEachCase(SEED + 2, 4000, (random) => {
			const pieces = Array.from({ length: random.int(0, 8) }, () => ({
				text: Array.from({ length: random.int(0, 6) }, () => random.pick(MACRO_PIECES)).join(''),
				untrusted: random.bool(),
			}));
			const out = neutralizeMacros(pieces);
			const joined = pieces.map((piece) => piece.text).join('');
			if (pieces.every((piece) => !piece.untrusted)) check(out === joined, 'trusted text was changed', pieces, out);
			check(out.replace(/ /g, '') === joined.replace(/ /g, ''), 'more than spaces was added', pieces, out);
			// Rebuild the origin of every output character (inserted spaces have none) and look for live macro brackets.
			const origin: Array<boolean | undefined> = [];
			let p = 0;
			let c = 0;
			for (const char of out) {
				for (const unit of char) {
					while (p < pieces.length && c >= pieces[p].text.length) {
						p++;
						c = 0;
					}
					if (p < pieces.length && pieces[p].text[c] === unit) {
						origin.push(pieces[p].untrusted);
						c++;
					} else origin.push(undefined);
				}
			}
			for (let i = 1; i < out.length; i++) {
				const pair = out[i - 1] + out[i];
				if ((pair === '[%' || pair === '%]') && (origin[i - 1] === true || origin[i] === true)) {
					check(false, 'a live macro bracket from outside', pieces, out);
				}
			}
		});
	});

	it('splitTemplate: joins back to the expression, or declines what n8n might read differently', () => {
		forEachCase(SEED + 3, 2000, (random) => {
			const expression = Array.from({ length: random.int(0, 10) }, () => random.pick(['{{', '}}', ' $json.a ', 'text', '\\{{', '\\}}', '[%1%]', '{', '}'])).join('');
			const template = splitTemplate(expression);
			if (template === null) {
				check(/\\[{}]{2}/.test(expression) || expression.lastIndexOf('{{') > expression.lastIndexOf('}}') || /\{\{(?![\s\S]*\}\})/.test(expression), 'declined without reason', expression);
				return;
			}
			const joined = template.map((piece) => (piece.kind === 'text' ? piece.text : `{{${piece.code}}}`)).join('');
			check(joined === expression, 'the split lost or added text', expression, template);
		});
	});
});

describe('send parameters: the largest sends in linear time', () => {
	it('one item of 100,000 personalised recipients with a 10-part message: checked, planned and answered within the bound', () => {
		const count = 100_000;
		const to = Array.from({ length: count }, (_, i) => String(48_500_000_000 + i));
		const params: SendParameters = {
			to,
			message: `${'Hello [%1%], '.repeat(100)}end`,
			param1: to.map((_, i) => `N${i}`),
			idx: to.map((_, i) => `x${i}`),
			allow_duplicates: true,
		};
		let sent = 0;
		// About 1.5 s on a loaded 2-core machine; the bound leaves 20× headroom.
		const ms = timeMs(() => {
			validateSendParameters(params, { checkRequestLimits: false });
			for (const request of splitIntoRequests([{ itemIndex: 0, params }])) {
				const numbers = request.params.to.split(',');
				const idx = request.params.idx.split('|');
				const list = numbers.map((number, i) => ({ id: String(i), points: 0.1, number, idx: idx[i] })).reverse();
				for (const result of resultsPerItem(request, list).items) sent += result.sent.length;
			}
		});
		expect(sent).toBe(count);
		expect(ms).toBeLessThan(30_000);
	});

	it('a megabyte of brackets from outside is neutralised in linear time', () => {
		const text = '[%'.repeat(250_000) + '%]'.repeat(250_000);
		let out = '';
		expect(timeMs(() => (out = neutralizeMacros([{ text, untrusted: true }])))).toBeLessThan(5_000);
		expect(out).not.toMatch(/\[%|%\]/);
	});
});
