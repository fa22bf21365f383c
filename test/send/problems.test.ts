/**
 * A send's problems in words (send/problems.ts): one line each in the error that names them, and a
 * long list named up to a limit with the rest counted.
 */
import { formatProblems, listSome } from '../../nodes/Smsapi/send/problems';

describe('send problems', () => {
	it('gives one line per problem', () => {
		expect(formatProblems([{ parameter: 'message', message: 'The message is empty.' }, { parameter: 'param2', message: 'Param 2 has 3 values for 2 recipients.', serviceError: 18 }])).toBe(
			'The message is empty.\nParam 2 has 3 values for 2 recipients.',
		);
		expect(formatProblems([])).toBe('');
	});

	it('names up to ten values, then counts the rest', () => {
		const numbers = Array.from({ length: 13 }, (_, index) => `4850000000${index}`);
		expect(listSome(numbers)).toBe(`${numbers.slice(0, 10).join(', ')} and 3 more`);
		expect(listSome(numbers.slice(0, 2))).toBe('48500000000, 48500000001');
		expect(listSome(numbers, 1)).toBe('48500000000 and 12 more');
	});
});
