/**
 * Points in time as the service takes them (UNIX seconds), read from whatever users and
 * expressions give: Date, ISO 8601 text, UNIX seconds or milliseconds, Luxon values, and
 * wall-clock times in a named time zone.
 */

/** A Luxon `DateTime` or anything alike (n8n's `$now`, `DateTime.fromISO(...)`). */
export interface DateTimeLike {
	toISO?(): string | null;
	toJSDate?(): Date;
}

// Larger than any plausible UNIX-seconds value (year 5138): such numbers are milliseconds.
const MILLISECONDS_THRESHOLD = 1e11;

function fromEpochNumber(value: number): Date {
	return new Date(Math.abs(value) >= MILLISECONDS_THRESHOLD ? value : value * 1000);
}

/**
 * A Date for any `DateLike`, or null when it is empty or not a date. Digit strings and
 * numbers are UNIX seconds (milliseconds when 13 digits or more); other strings are ISO 8601
 * (without an offset JavaScript reads them as local time).
 */
export function toDate(value: unknown): Date | null {
	if (value === undefined || value === null) return null;
	let date: Date | null = null;
	if (value instanceof Date) date = new Date(value.getTime());
	else if (typeof value === 'number') date = fromEpochNumber(value);
	else if (typeof value === 'string') {
		const trimmed = value.trim();
		if (trimmed === '') return null;
		date = /^-?\d+(\.\d+)?$/.test(trimmed) ? fromEpochNumber(Number(trimmed)) : new Date(trimmed);
	} else if (typeof value === 'object') {
		const like = value as DateTimeLike;
		if (typeof like.toJSDate === 'function') date = like.toJSDate();
		else if (typeof like.toISO === 'function') {
			const iso = like.toISO();
			date = iso ? new Date(iso) : null;
		}
	}
	return date && !Number.isNaN(date.getTime()) ? date : null;
}

// ISO 8601 date or date-time without an offset: what n8n's date picker stores.
const WALL_TIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/** Milliseconds `timeZone` is ahead of UTC at the instant `utcMs`. */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: 'numeric',
		day: 'numeric',
		hour: 'numeric',
		minute: 'numeric',
		second: 'numeric',
	}).formatToParts(new Date(utcMs));
	const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
	const asUtc = Date.UTC(
		part('year'),
		part('month') - 1,
		part('day'),
		part('hour'),
		part('minute'),
		part('second'),
	);
	return asUtc - (utcMs - (((utcMs % 1000) + 1000) % 1000));
}

/**
 * The instant of a wall-clock time without an offset ("2025-01-31T09:00:00", as n8n's date
 * picker stores it) in the IANA zone `timeZone` (the workflow's time zone). Null when `text` is
 * not such a time (it has an offset, or is not ISO 8601) or the zone is unknown: then `toDate`
 * applies.
 */
export function wallTimeToDate(text: string, timeZone: string): Date | null {
	const match = WALL_TIME.exec(text.trim());
	if (!match || !timeZone) return null;
	const [, y, mo, d, h = '0', mi = '0', sec = '0', ms = '0'] = match;
	const wall = Date.UTC(
		Number(y),
		Number(mo) - 1,
		Number(d),
		Number(h),
		Number(mi),
		Number(sec),
		Number(ms.padEnd(3, '0')),
	);
	if (Number.isNaN(wall)) return null;
	try {
		// Two passes: the offset at the guessed instant, which differs near a DST change.
		const guess = wall - zoneOffsetMs(wall, timeZone);
		return new Date(wall - zoneOffsetMs(guess, timeZone));
	} catch {
		// RangeError: not a time zone this runtime knows.
		return null;
	}
}

/** UNIX seconds for any `DateLike`, or null when it is empty or not a date. */
export function toUnixSeconds(value: unknown): number | null {
	const date = toDate(value);
	return date ? Math.floor(date.getTime() / 1000) : null;
}

/**
 * The wire form of a date: UNIX seconds as a string. The service takes UNIX seconds or
 * ISO 8601; seconds leave no doubt about time zones. Null when it is empty or not a date.
 */
export function toServiceDate(value: unknown): string | null {
	const seconds = toUnixSeconds(value);
	return seconds === null ? null : String(seconds);
}
