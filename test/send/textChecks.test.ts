/**
 * The checks of a send's text before anything is sent (send/textChecks.ts), through every check of
 * the send (test/support/looseSend.ts): its parts as the service counts them, without Max Parts up
 * to the account's maximum, with it its own limit, UCS-2 texts and each recipient's values, the
 * normalized text; Single (error 12), No Unicode naming the special characters (11), Flash with them
 * (17); binary messages (a hex UDH and message, no parts counted, no normalize: 25).
 */
import { validateSendParameters } from '../support/looseSend';
import { NOW, problemFor } from './support/validate';

describe("a send's text", () => {
	describe('parts', () => {
		it('without Max Parts, 7 to 10 parts go to the service (the account decides); 11 parts (1531 GSM characters) never fit', () => {
			expect(problemFor({ message: 'a'.repeat(919) }, 'message')).toBeUndefined();
			expect(problemFor({ message: 'a'.repeat(1530) }, 'message')).toBeUndefined();
			const problem = problemFor({ message: 'a'.repeat(1531) }, 'message');
			expect(problem).toMatchObject({ serviceError: 11 });
			expect(problem?.message).toMatch(/1531 characters \(GSM-7\) and needs 11 parts, more than the 10 a message can have/);
		});

		it('respects max_parts: 2 parts pass with max_parts 2, 3 parts do not', () => {
			expect(problemFor({ message: 'a'.repeat(306), max_parts: 2 }, 'message')).toBeUndefined();
			const problem = problemFor({ message: 'a'.repeat(307), max_parts: '2' }, 'message');
			expect(problem).toMatchObject({ serviceError: 12 });
			expect(problem?.message).toMatch(/needs 3 parts, more than the 2 Max Parts allows.*raise Max Parts \(up to 10\)/);
		});

		it('max_parts 7 to 10 are honoured: 9 parts pass with 10 and 9, not with 8', () => {
			const nine = 'a'.repeat(1377);
			expect(problemFor({ message: nine, max_parts: 10 }, 'message')).toBeUndefined();
			expect(problemFor({ message: nine, max_parts: 9 }, 'message')).toBeUndefined();
			expect(problemFor({ message: nine, max_parts: 8 }, 'message')?.message).toMatch(/needs 9 parts, more than the 8 Max Parts allows/);
		});

		it('UCS-2 text: 670 pass, 671 refused, naming the special characters', () => {
			expect(problemFor({ message: 'ą'.repeat(670) }, 'message')).toBeUndefined();
			expect(problemFor({ message: 'ą'.repeat(671) }, 'message')?.message).toMatch(/11 parts.*special characters \(ą\)/);
		});

		it('counts the normalized text when normalize is on', () => {
			expect(problemFor({ message: 'ą'.repeat(1000), normalize: 1 }, 'message')).toBeUndefined();
		});

		it('counts each recipient with its own param values', () => {
			const params = {
				to: ['48500000000', '48500000001'],
				message: 'Hi [%1%]',
				param1: ['Ann', 'x'.repeat(1528)], // "Hi " + 1528 = 1531 characters: 11 parts
			};
			expect(problemFor(params, 'message')?.message).toMatch(/for recipient 2/);
			expect(problemFor({ ...params, param1: ['Ann', 'x'.repeat(1527)] }, 'message')).toBeUndefined();
		});

		it('a value with special characters makes only its own recipient UCS-2', () => {
			const params = { to: ['48500000000', '48500000001'], message: `${'a'.repeat(300)} [%1%]`, max_parts: 2 };
			expect(problemFor({ ...params, param1: ['x', 'y'] }, 'message')).toBeUndefined();
			expect(problemFor({ ...params, param1: ['x', 'ż'] }, 'message')?.message).toMatch(/UCS-2\) for recipient 2 .* needs 5 parts/);
		});

		it('200,000 personalised recipients are measured without building every text, and without a RangeError', () => {
			const count = 200_000;
			const params = {
				to: Array.from({ length: count }, (_, i) => String(48500000000 + i)),
				message: 'Hi [%1%], your code is [%2%]. '.repeat(40),
				param1: Array.from({ length: count }, (_, i) => `Name${i}`),
				param2: Array.from({ length: count }, (_, i) => String(i)),
				single: true,
			};
			const start = Date.now();
			expect(() => validateSendParameters(params, { checkRequestLimits: false })).not.toThrow();
			expect(problemFor(params, 'single')?.message).toMatch(/Single is on/);
			expect(Date.now() - start).toBeLessThan(20_000);
		});
	});

	describe('single', () => {
		it('160 characters pass, 161 are refused with error 12', () => {
			expect(problemFor({ single: 1, message: 'a'.repeat(160) }, 'single')).toBeUndefined();
			expect(problemFor({ single: true, message: 'a'.repeat(161) }, 'single')).toMatchObject({ serviceError: 12 });
		});
		it('does nothing without single', () => {
			expect(problemFor({ message: 'a'.repeat(161) }, 'single')).toBeUndefined();
		});
	});

	describe('nounicode', () => {
		it('lists the special characters', () => {
			const problem = problemFor({ nounicode: 1, message: 'Zażółć 😀' }, 'nounicode');
			expect(problem).toMatchObject({ serviceError: 11 });
			expect(problem?.message).toContain('ż ó ł ć 😀');
		});
		it('passes GSM text and text that normalize makes GSM', () => {
			expect(problemFor({ nounicode: 1, message: 'Hello {€}' }, 'nounicode')).toBeUndefined();
			expect(problemFor({ nounicode: 1, normalize: 1, message: 'Zażółć' }, 'nounicode')).toBeUndefined();
		});
	});

	it('flash with special characters is refused (error 17)', () => {
		expect(problemFor({ flash: 1, message: 'Cześć' }, 'flash')).toMatchObject({ serviceError: 17 });
		expect(problemFor({ flash: 1, message: 'Hello' }, 'flash')).toBeUndefined();
	});

	describe('binary messages', () => {
		it('needs a udh', () => {
			expect(problemFor({ datacoding: 'bin', message: '48656C6C6F' }, 'udh')?.message).toMatch(/needs a UDH/);
		});
		it('refuses non-hex udh and message', () => {
			expect(problemFor({ datacoding: 'bin', udh: '0B05XX', message: '4865' }, 'udh')?.message).toMatch(/hexadecimal/);
			expect(problemFor({ datacoding: 'bin', udh: '0B05', message: 'Hello' }, 'message')?.message).toMatch(
				/must be hexadecimal/,
			);
			expect(problemFor({ datacoding: 'bin', udh: '0B0', message: '4865' }, 'udh')).toBeDefined();
		});
		it('passes a hex message with a hex udh, without counting parts', () => {
			expect(
				validateSendParameters(
					{ to: '48500000000', datacoding: 'bin', udh: '0B0504158200000003AA0301', message: 'AB'.repeat(1000) },
					{ now: NOW },
				),
			).toBeNull();
		});
		it('refuses normalize with datacoding (error 25)', () => {
			expect(
				problemFor({ datacoding: 'bin', udh: '0B05', message: '4865', normalize: 1 }, 'normalize'),
			).toMatchObject({ serviceError: 25 });
		});
	});
});
