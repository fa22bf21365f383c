/**
 * Dates as the service takes them (helpers/serviceDates.ts): every date-like form n8n hands over
 * (Date, ISO text, seconds, milliseconds, Luxon) read as UNIX seconds, nothing for what is not a
 * date, and the service's text form.
 */
import { toDate, toServiceDate, toUnixSeconds } from '../../nodes/Smsapi/helpers/serviceDates';

const NOW = new Date('2025-03-01T12:00:00Z');
const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);

describe('dates', () => {
	it('toUnixSeconds reads every date-like form', () => {
		expect(toUnixSeconds(NOW)).toBe(NOW_SECONDS);
		expect(toUnixSeconds('2025-03-01T13:00:00+01:00')).toBe(NOW_SECONDS);
		expect(toUnixSeconds(NOW_SECONDS)).toBe(NOW_SECONDS);
		expect(toUnixSeconds(String(NOW_SECONDS))).toBe(NOW_SECONDS);
		expect(toUnixSeconds(NOW.getTime())).toBe(NOW_SECONDS);
		expect(toUnixSeconds({ toISO: () => NOW.toISOString() })).toBe(NOW_SECONDS);
		expect(toUnixSeconds({ toJSDate: () => NOW })).toBe(NOW_SECONDS);
	});

	it('gives null for empty and invalid values', () => {
		expect(toUnixSeconds('')).toBeNull();
		expect(toUnixSeconds(undefined)).toBeNull();
		expect(toUnixSeconds('not a date')).toBeNull();
		expect(toDate(new Date('x'))).toBeNull();
	});

	it('toServiceDate gives UNIX seconds as a string', () => {
		expect(toServiceDate('2025-03-01T12:00:00Z')).toBe(String(NOW_SECONDS));
		expect(toServiceDate('nope')).toBeNull();
	});
});
