/**
 * The verdict of one check: OK (the node did what it does against the emulator and every answer
 * has the emulator's shape, status and error code), DIFFERS (it worked, but the service answered
 * something the emulator would not: the lines say what), FAILED (the node's result differs from
 * the emulator's — an error where the emulator succeeds or the other way round —, the service was
 * unreachable, or the guard refused a request), SKIPPED (nothing to check on this account).
 */
import type { CheckOutcome } from './checks';
import { KNOWN_VARIANCE } from './known-variance';
import { describeAnswer, type PinnedAnswer, type PinnedCheck } from './pinned';
import { shapeDifferences } from './shapes';
import type { Exchange } from './wire';

export type Verdict = 'OK' | 'DIFFERS' | 'FAILED' | 'SKIPPED';

export interface CheckResult {
	check: string;
	verdict: Verdict;
	/** What happened (the node's result) and, for DIFFERS / FAILED, every difference. */
	notes: string[];
}

function answerDifferences(expected: PinnedAnswer, actual: PinnedAnswer): string[] {
	const label = actual.request;
	const differences: string[] = [];
	if (expected.status !== actual.status) differences.push(`${label}: HTTP ${actual.status}, the emulator answers ${expected.status}`);
	if (expected.error !== actual.error) {
		differences.push(
			`${label}: ${actual.error === undefined ? 'no error code' : `error ${actual.error}`}, the emulator answers ${expected.error === undefined ? 'no error code' : `error ${expected.error}`}`,
		);
	}
	if (typeof expected.body === 'string' || typeof actual.body === 'string') {
		if (JSON.stringify(expected.body) !== JSON.stringify(actual.body)) {
			const show = (body: PinnedAnswer['body']) => (typeof body === 'string' ? body : 'JSON');
			differences.push(`${label}: the answer is ${show(actual.body)}, the emulator answers ${show(expected.body)}`);
		}
	} else {
		const tolerance = KNOWN_VARIANCE[label] ?? {};
		differences.push(...shapeDifferences(expected.body, actual.body, tolerance).map((line) => `${label}: ${line}`));
	}
	return differences;
}

/**
 * Where a check's answers (the service's) differ from the emulator's pinned ones: the requests
 * made, then per request its status, error code and shape. Empty when they agree.
 */
export function answersDifferences(expected: readonly PinnedAnswer[], actual: readonly PinnedAnswer[]): string[] {
	const differences: string[] = [];
	const wantedRequests = expected.map((answer) => answer.request);
	const madeRequests = actual.map((answer) => answer.request);
	if (JSON.stringify(wantedRequests) !== JSON.stringify(madeRequests)) {
		differences.push(`requests: ${madeRequests.join(', ') || 'none'}; against the emulator: ${wantedRequests.join(', ') || 'none'}`);
	}
	const pairs = Math.min(actual.length, expected.length);
	for (let i = 0; i < pairs; i++) {
		if (actual[i].request === expected[i].request) differences.push(...answerDifferences(expected[i], actual[i]));
	}
	return differences;
}

export function judge(check: string, outcome: CheckOutcome, exchanges: readonly Exchange[], expected: PinnedCheck | undefined): CheckResult {
	const notes: string[] = [];
	if (outcome.kind === 'skipped') return { check, verdict: 'SKIPPED', notes: [outcome.reason] };
	const firstLine = (message: string) => message.split('\n')[0];
	if (outcome.kind === 'error') {
		const asPinned = expected?.outcome === 'error';
		notes.push(`${asPinned ? 'the node reported, as against the emulator' : 'the node failed'}: ${firstLine(outcome.message)}`);
	}
	else if (outcome.detail) notes.push(outcome.detail);

	const refused = exchanges.filter((exchange) => exchange.refused !== undefined);
	const unreachable = exchanges.filter((exchange) => exchange.failure !== undefined);
	for (const exchange of refused) notes.push(`refused by the guard, not sent: ${exchange.refused}`);
	for (const exchange of unreachable) notes.push(`${exchange.request.method} ${exchange.request.path}: the service was not reachable (${exchange.failure})`);
	if (!expected) return { check, verdict: 'FAILED', notes: [...notes, 'the emulator has no pinned answer for this check (expected.json)'] };
	if (refused.length > 0 || unreachable.length > 0) return { check, verdict: 'FAILED', notes };

	const failed = expected.outcome !== outcome.kind;
	if (failed) notes.push(`the same check against the emulator ends in ${expected.outcome === 'success' ? 'success' : 'an error'}`);

	const actual = exchanges.map(describeAnswer).filter((answer): answer is PinnedAnswer => answer !== undefined);
	const differences = answersDifferences(expected.answers, actual);
	notes.push(...differences);
	return { check, verdict: failed ? 'FAILED' : differences.length > 0 ? 'DIFFERS' : 'OK', notes };
}

/** What the emulator's run of a check gives to pin. */
export function pinCheck(outcome: CheckOutcome, exchanges: readonly Exchange[]): PinnedCheck {
	return {
		outcome: outcome.kind,
		answers: exchanges.map(describeAnswer).filter((answer): answer is PinnedAnswer => answer !== undefined),
	};
}
