/**
 * The checks of a send before anything is sent (send/checks.ts), driven from loose parameters
 * (test/support/looseSend.ts): recipients and message, Max Parts, the expiry and send dates,
 * per-recipient values, the limits of one request and the time restriction; each problem says what
 * to change (send/problems.ts). The checks of its text: textChecks.test.ts.
 */
import { formatProblems } from '../../nodes/Smsapi/send/problems';
import { validateSendParameters } from '../support/looseSend';
import { NOW, numbers, problemFor, validate } from './support/validate';

const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);
const MINUTE = 60;
const HOUR = 3600;

describe('validateSendParameters', () => {
	it('returns null for a plain valid send', () => {
		expect(validateSendParameters({ to: '48500000000', message: 'Hello' }, { now: NOW })).toBeNull();
	});

	it('needs recipients and a message (or template)', () => {
		const problems = validateSendParameters({}, { now: NOW }) ?? [];
		expect(problems.map((p) => p.parameter)).toEqual(['to', 'message']);
		expect(validateSendParameters({ group: 'VIP', template: 'promo' }, { now: NOW })).toBeNull();
		expect(problemFor({ group: 'VIP' }, 'group')?.message).toMatch(/either to numbers or to a group/);
	});

	it('reports invalid numbers with the reason', () => {
		const problem = problemFor({ to: '48500000000, 123' }, 'to');
		expect(problem?.message).toMatch(/"123" has 3 digits/);
	});

	describe('max_parts', () => {
		it.each([0, 11, 2.5, 'abc'])('refuses %p', (value) => {
			expect(problemFor({ max_parts: value }, 'max_parts')?.message).toMatch(/from 1 to 10/);
		});
		it.each([1, 6, 7, 10, '3'])('accepts %p', (value) => {
			expect(problemFor({ max_parts: value }, 'max_parts')).toBeUndefined();
		});
	});

	describe('expiration_date', () => {
		it('14 minutes after now is refused, 15 minutes passes', () => {
			const problem = problemFor({ expiration_date: NOW_SECONDS + 14 * MINUTE }, 'expiration_date');
			expect(problem).toMatchObject({ serviceError: 56 });
			expect(problem?.message).toMatch(/14 minutes after now.*Set it later/);
			expect(problemFor({ expiration_date: NOW_SECONDS + 15 * MINUTE }, 'expiration_date')).toBeUndefined();
		});

		it('72 hours passes, 72 hours + 1 minute is refused', () => {
			expect(problemFor({ expiration_date: NOW_SECONDS + 72 * HOUR }, 'expiration_date')).toBeUndefined();
			const problem = problemFor({ expiration_date: NOW_SECONDS + 72 * HOUR + MINUTE }, 'expiration_date');
			expect(problem?.message).toMatch(/Set it earlier/);
		});

		it('measures from the send date when one is given', () => {
			const date = NOW_SECONDS + 10 * HOUR;
			expect(problemFor({ date, expiration_date: date + 14 * MINUTE }, 'expiration_date')?.message).toMatch(
				/after the send date/,
			);
			expect(problemFor({ date, expiration_date: date + 15 * MINUTE }, 'expiration_date')).toBeUndefined();
			// 20 minutes after now but before the send date.
			expect(problemFor({ date, expiration_date: NOW_SECONDS + 20 * MINUTE }, 'expiration_date')?.message).toMatch(
				/before the send date/,
			);
		});

		it('a past send date means now', () => {
			const expiration = NOW_SECONDS + 20 * MINUTE;
			expect(problemFor({ date: NOW_SECONDS - HOUR, expiration_date: expiration }, 'expiration_date')).toBeUndefined();
		});

		it('accepts Date, ISO string, seconds string and Luxon-like values', () => {
			const at = new Date(NOW.getTime() + HOUR * 1000);
			for (const value of [
				at,
				at.toISOString(),
				String(NOW_SECONDS + HOUR),
				{ toISO: () => at.toISOString() },
				{ toJSDate: () => at },
			]) {
				expect(problemFor({ expiration_date: value }, 'expiration_date')).toBeUndefined();
			}
		});

		it('reports dates that are not dates', () => {
			expect(problemFor({ date: 'tomorrow-ish' }, 'date')).toMatchObject({ serviceError: 54 });
			expect(problemFor({ expiration_date: 'soon' }, 'expiration_date')?.message).toMatch(/not a date/);
		});
	});

	describe('per-recipient values', () => {
		const to = ['48500000000', '48500000001', '48500000002'];

		it('param count must equal recipients (error 18), idx count too (error 20)', () => {
			expect(problemFor({ to, param1: 'a|b|c' }, 'param1')).toBeUndefined();
			expect(problemFor({ to, param2: ['a', 'b', 'c'] }, 'param2')).toBeUndefined();
			const problem = problemFor({ to, param3: 'a|b' }, 'param3');
			expect(problem).toMatchObject({ serviceError: 18 });
			expect(problem?.message).toMatch(/2 values for 3 recipients/);
			expect(problemFor({ to, idx: ['a', 'b', 'c', 'd'] }, 'idx')).toMatchObject({ serviceError: 20 });
		});

		it('a value containing | is refused', () => {
			const problem = problemFor({ to, param4: ['a', 'b|c', 'd'] }, 'param4');
			expect(problem?.message).toMatch(/recipient 2 contains "\|"/);
			expect(problemFor({ to, idx: ['a', 'b', 'c|'] }, 'idx')?.message).toMatch(/recipient 3 contains "\|"/);
		});

		it('an empty idx among the recipients is refused, naming its position and number (issue 29, finding 6)', () => {
			const problems = validate({ to, idx: 'order-1||order-3' }).filter((problem) => problem.parameter === 'idx');
			expect(problems).toHaveLength(1);
			expect(problems[0].message).toBe(
				'idx for recipient 2 (48500000001) is empty: give every recipient its own idx (separated by "|"), or leave Idx empty and the node generates one per message.',
			);
			expect(problemFor({ to, idx: ['', 'b', ' '] }, 'idx')?.message).toMatch(/^idx for recipients 1 \(48500000000\), 3 \(48500000002\) are empty/);
			expect(problemFor({ to, idx: 'a|b|c' }, 'idx')).toBeUndefined();
		});

		it('idx of 255 characters passes, 256 is refused (error 27)', () => {
			expect(problemFor({ idx: 'a'.repeat(255) }, 'idx')).toBeUndefined();
			expect(problemFor({ idx: 'a'.repeat(256) }, 'idx')).toMatchObject({ serviceError: 27 });
		});

		it('param values with a group are refused (error 93)', () => {
			const problems = validateSendParameters({ group: 'VIP', message: 'Hi [%1%]', param1: 'x' }, { now: NOW });
			expect(problems).toEqual([expect.objectContaining({ parameter: 'param1', serviceError: 93 })]);
		});
	});

	describe('request limits', () => {
		it('100 personalised recipients pass, 101 are refused (error 19)', () => {
			const hundred = numbers(100);
			expect(
				problemFor({ to: hundred, message: 'Hi [%1%]', param1: hundred.map((_, i) => `n${i}`) }, 'to'),
			).toBeUndefined();
			const more = numbers(101);
			const problem = problemFor({ to: more, message: 'Hi [%1%]', param1: more.map((_, i) => `n${i}`) }, 'to');
			expect(problem).toMatchObject({ serviceError: 19 });
			expect(problem?.message).toMatch(/101 personalised messages/);
		});

		it('100 short-link recipients pass, 101 are refused', () => {
			expect(problemFor({ to: numbers(100), message: 'See [%goto:https://x.io%]' }, 'to')).toBeUndefined();
			expect(problemFor({ to: numbers(101), message: 'See [%goto:https://x.io%]' }, 'to')?.message).toMatch(
				/short link/,
			);
		});

		it('101 plain recipients are fine, and the limits can be left to batching', () => {
			expect(problemFor({ to: numbers(101) }, 'to')).toBeUndefined();
			const more = numbers(101);
			expect(
				validate({ to: more, message: 'Hi [%1%]', param1: more.map((_, i) => `n${i}`) }, false).filter(
					(p) => p.parameter === 'to',
				),
			).toEqual([]);
		});
	});

	it('refuses an unknown time_restriction (error 28)', () => {
		expect(problemFor({ time_restriction: 'later' }, 'time_restriction')).toMatchObject({ serviceError: 28 });
		expect(problemFor({ time_restriction: 'nearest_available' }, 'time_restriction')).toBeUndefined();
	});

	it('formatProblems joins the messages', () => {
		expect(formatProblems([{ parameter: 'a', message: 'One.' }, { parameter: 'b', message: 'Two.' }])).toBe('One.\nTwo.');
	});
});
