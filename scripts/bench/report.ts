/**
 * The bench's report (scripts/bench/run.ts): its table of rows and the findings printed under it,
 * from the runs it measured. Pure: no n8n, no emulator.
 */
import { median } from './measure';

export interface Row {
	what: string;
	n: number;
	runs: number;
	timeMs: number | null;
	timesMs: number[];
	requests: number | null;
	accepted: number | null;
	refused202: number | null;
	peakInFlight: number | null;
	n8nPeakRssMb: number | null;
	n8nRssRiseMb: number | null;
	/** The longest event-loop block in n8n's main process during the runs (the worst of them). */
	eventLoopMaxMs?: number | null;
	/**
	 * The longest block running inside the node's execute() (the SMSAPI node, n8n's No Op; 0: none
	 * of 50 ms or more): the node's own turns, where the column before also counts n8n's work around it.
	 */
	executeBlockMaxMs?: number | null;
	note?: string;
}

export function table(rows: Row[], meta: Record<string, unknown>, settings: { latencyMs: number; cap: number; repeat: number }): string {
	const fmt = (v: number | null, digits = 0) => (v === null || Number.isNaN(v) ? '—' : v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }));
	const executeBlock = (ms: number | null | undefined) => (ms == null || Number.isNaN(ms) ? '—' : ms === 0 ? '< 50 ms' : `${fmt(ms)} ms`);
	const time = (ms: number | null) => (ms === null ? 'skipped' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
	const lines = [
		`n8n ${meta.n8n} (on the Node of its line; bench driver on Node ${meta.node}), ${meta.cpus}, ${meta.memory}; emulator latency ${settings.latencyMs} ms, cap ${settings.cap} simultaneous sends (202 above); median of ${settings.repeat}; load average at start ${meta.loadAverage}`,
		`n8n settings: ${meta.settings}`,
		'',
		"| what | N | time | requests | accepted | 202s | peak in flight | n8n peak RSS (rise) | longest event-loop block | the same inside the node's execute() |",
		'|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
	];
	for (const row of rows) {
		lines.push(
			`| ${row.what} | ${row.n.toLocaleString('en-US')} | ${time(row.timeMs)}${row.note ? `, ${row.note}` : ''} | ${fmt(row.requests)} | ${fmt(row.accepted)} | ${fmt(row.refused202)} | ${fmt(row.peakInFlight)} | ${row.n8nPeakRssMb === null ? '—' : `${fmt(row.n8nPeakRssMb)} MB (+${fmt(row.n8nRssRiseMb)})`} | ${row.eventLoopMaxMs == null || Number.isNaN(row.eventLoopMaxMs) ? '—' : `${fmt(row.eventLoopMaxMs)} ms`} | ${executeBlock(row.executeBlockMaxMs)} |`,
		);
	}
	return lines.join('\n');
}

/**
 * The node against the Set floor at one size, from the runs of the same repeat (they ran one after
 * the other, so they share the machine's noise): the median of the paired time differences against
 * 1.5 × the raw POST, and the median RSS rises.
 */
export function againstSetFloor(n: number, set: Array<{ ms: number; rise: number }>, node: Array<{ ms: number; rise: number }>, raw: number[]): string[] {
	const pairs = Math.min(set.length, node.length);
	if (pairs === 0) return [];
	const differences = Array.from({ length: pairs }, (_, i) => node[i].ms - set[i].ms);
	const lines = [
		`N=${n.toLocaleString('en-US')}: node − Set floor, median of ${pairs} paired runs: ${median(differences).toFixed(0)} ms (each: ${differences.map((d) => d.toFixed(0)).join(', ')} ms)` +
			(raw.length ? `; 1.5 × the raw POST: ${(1.5 * median(raw)).toFixed(0)} ms` : ''),
		`N=${n.toLocaleString('en-US')}: n8n's RSS rise, median: node +${median(node.map((r) => r.rise)).toFixed(1)} MB, Set floor +${median(set.map((r) => r.rise)).toFixed(1)} MB`,
	];
	return lines;
}

/** The largest of the values measured (NaN: none was). */
export const longestOf = (values: number[]) => {
	const measured = values.filter((v) => !Number.isNaN(v));
	return measured.length ? Math.max(...measured) : NaN;
};

/** The campaign against n8n's Set node on the same two expressions: paired runs, median ratio. */
export function campaignAgainstSet(n: number, set: Array<{ ms: number }>, node: Array<{ ms: number }>): string[] {
	const pairs = Math.min(set.length, node.length);
	if (pairs === 0) return [];
	const ratios = Array.from({ length: pairs }, (_, i) => node[i].ms / set[i].ms);
	return [
		`N=${n.toLocaleString('en-US')}: the campaign's time against the Set node's on the same two expressions, median of ${pairs} paired runs: ${median(ratios).toFixed(3)} × (each: ${ratios.map((r) => r.toFixed(3)).join(', ')}; the target: ≤ 0.2 ×)`,
	];
}

/**
 * The campaign's own cost (issue 47): its time minus n8n's No Op node's for the same items, paired
 * by repeat, against the raw POST of the same recipients (one POST of 10,000; at 100,000, ten of
 * them one after the other: the service takes 10,000 per request). The target: within 3 ×.
 */
export function campaignOwnCost(n: number, noop: Array<{ ms: number }>, campaign: Array<{ ms: number }>, raw: number[]): string[] {
	const pairs = Math.min(noop.length, campaign.length);
	if (pairs === 0 || raw.length === 0) return [];
	const own = Array.from({ length: pairs }, (_, i) => campaign[i].ms - noop[i].ms);
	const rawMs = median(raw);
	return [
		`N=${n.toLocaleString('en-US')}: the campaign's own cost (its time − the No Op node's, median of ${pairs} paired runs): ${median(own).toFixed(0)} ms (each: ${own.map((d) => d.toFixed(0)).join(', ')} ms) = **${(median(own) / rawMs).toFixed(2)} ×** the raw POST of the same recipients (${rawMs.toFixed(0)} ms${n > 10_000 ? `, ${n / 10_000} POSTs of 10,000 one after the other` : ''}); the target: ≤ 3 ×`,
	];
}

/**
 * Personalised texts (issue 41): a text per item against the same texts written with Param 1, from
 * the runs of the same repeat: the median of the paired time ratios and the requests of each.
 * `target`: the ratio the issue asks for (the plain reads; the slow path only has to be batched alike).
 */
export function personalisedAgainstParam1(
	n: number,
	rows: { what: string; against: string; target?: number },
	param1: Array<{ ms: number; counters: { requests: number } }>,
	text: Array<{ ms: number; counters: { requests: number } }>,
): string[] {
	const pairs = Math.min(param1.length, text.length);
	if (pairs === 0) return [];
	const ratios = Array.from({ length: pairs }, (_, i) => text[i].ms / param1[i].ms);
	const requests = (runs: Array<{ counters: { requests: number } }>) => median(runs.map((r) => r.counters.requests)).toLocaleString('en-US');
	const each = ratios.map((r) => r.toFixed(2)).join(', ');
	return [
		`N=${n.toLocaleString('en-US')}: ${rows.what} against ${rows.against}, median of ${pairs} paired runs: ${median(ratios).toFixed(2)} × (each: ${each}${rows.target ? `; the target: ≤ ${rows.target} ×` : ''}); requests ${requests(text)} against ${requests(param1)}`,
	];
}

/** One run of the report calls: how long they took, how many, and n8n's memory rise (MB). */
export interface CallsRun {
	ms: number;
	calls: number;
	rise: number;
}

/** Delivery reports in each call of the trigger rows (the most the service puts in one callback). */
export const REPORTS_PER_CALL = 5;

/** Reports per second of a run of report calls. */
export function reportsPerSecond(run: Pick<CallsRun, 'ms' | 'calls'>): number {
	return (run.calls * REPORTS_PER_CALL) / (run.ms / 1000);
}

/**
 * The trigger against n8n's Webhook node on the same calls (issue 47): reports per second of the
 * runs of the same repeat, as a ratio (the target: at least 1 ×), and n8n's memory rise of each
 * (the target: no larger).
 */
export function triggerAgainstWebhook(trigger: CallsRun[], webhook: CallsRun[]): string[] {
	const pairs = Math.min(trigger.length, webhook.length);
	if (pairs === 0) return [];
	const ratios = Array.from({ length: pairs }, (_, i) => reportsPerSecond(trigger[i]) / reportsPerSecond(webhook[i]));
	const rises = (runs: CallsRun[]) => runs.slice(0, pairs).map((r) => `+${r.rise.toFixed(0)}`).join(', ');
	return [
		`SMSAPI Trigger against n8n's Webhook node (reports/s), median of ${pairs} paired runs: **${median(ratios).toFixed(2)} ×** (each: ${ratios.map((r) => r.toFixed(2)).join(', ')}; the target: ≥ 1 ×); n8n's memory rise in each run ${rises(trigger)} MB against ${rises(webhook)} MB (the target: no larger)`,
	];
}
