/** Numbers the service sometimes sends as strings ("0.3000") come out as numbers. */
export function toNumber(value: unknown): number | unknown {
	if (typeof value === 'number') return value;
	if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
	return value;
}
