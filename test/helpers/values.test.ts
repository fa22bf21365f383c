/**
 * Values as the service writes them (helpers/values.ts): numeric strings become numbers, the rest
 * is left as it is.
 */
import { numberFromService } from '../../nodes/Smsapi/helpers/values';

describe('numberFromService', () => {
	it('turns numeric strings into numbers and leaves the rest', () => {
		expect(numberFromService('0.3000')).toBe(0.3);
		expect(numberFromService('12')).toBe(12);
		expect(numberFromService(0.165)).toBe(0.165);
		expect(numberFromService('abc')).toBe('abc');
		expect(numberFromService('')).toBe('');
		expect(numberFromService(null)).toBeNull();
	});
});
