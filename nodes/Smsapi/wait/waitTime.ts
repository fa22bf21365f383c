/** Milliseconds per unit of the waits' time limits (each wait offers the units that suit it). */
export const UNIT_MS = {
	seconds: 1000,
	minutes: 60_000,
	hours: 3_600_000,
	days: 86_400_000,
} as const;

type WaitUnit = keyof typeof UNIT_MS;

/** The milliseconds of one `unit` among `offered`, or undefined for any other value. */
export function unitMs(unit: unknown, offered: readonly WaitUnit[]): number | undefined {
	return typeof unit === 'string' && (offered as readonly string[]).includes(unit)
		? UNIT_MS[unit as WaitUnit]
		: undefined;
}
