/** The live check's report: one row per check, its verdict and what differs. */
import type { CheckResult } from './compare';

export function formatTable(results: readonly CheckResult[]): string {
	const width = Math.max(5, ...results.map((result) => result.check.length));
	const lines = [`${'Check'.padEnd(width)}  Result   Details`, `${'-'.repeat(width)}  -------  -------`];
	for (const result of results) {
		const [first = '', ...rest] = result.notes;
		lines.push(`${result.check.padEnd(width)}  ${result.verdict.padEnd(7)}  ${first}`);
		for (const note of rest) lines.push(`${' '.repeat(width + 11)}${note}`);
	}
	const count = (verdict: string) => results.filter((result) => result.verdict === verdict).length;
	lines.push('', `${count('OK')} OK, ${count('DIFFERS')} DIFFERS, ${count('FAILED')} FAILED, ${count('SKIPPED')} SKIPPED`);
	return lines.join('\n');
}
