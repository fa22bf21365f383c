/**
 * Conformance of the requests the emulator receives to SMSAPI's published API and its official
 * clients. Every request is checked before any handler runs; a non-conforming one is answered as
 * the service answers it, logged and recorded. An emulator started with the default
 * `conformance: 'fail'` throws a ConformanceError from `stop()` when violations are left, so a
 * test suite fails on any non-conforming request made anywhere in it; a test that sends one on
 * purpose takes it with `takeViolations()` and asserts on it.
 */
import type { Violation } from './types';

export { checkRequest, type CheckedRequest, type Refusal } from './check';
export type { Problem, Violation } from './types';

/** `fail`: stop() throws while violations are left (default). `record`: only recorded and logged. */
export type ConformanceMode = 'fail' | 'record';

export function describeViolation(violation: Violation): string {
	const problems = violation.problems.map((p) => `${p.path}: ${p.message}`).join('; ');
	return `#${violation.seq} ${violation.method} ${violation.path} -> ${violation.status} (${problems})`;
}

export class ConformanceError extends Error {
	constructor(readonly violations: readonly Violation[]) {
		super(
			`The emulator received ${violations.length} request(s) that SMSAPI's published API or its official clients would not send:\n` +
				violations.map((v) => `  ${describeViolation(v)}`).join('\n') +
				'\nFix the request, or take the violation in the test that sends it on purpose (emulator.takeViolations()).',
		);
		this.name = 'ConformanceError';
	}
}

export class ConformanceLog {
	private list: Violation[] = [];

	record(violation: Violation): void {
		this.list.push(violation);
	}

	/** Violations not yet taken, oldest first. */
	get violations(): readonly Violation[] {
		return this.list;
	}

	/** Returns the violations recorded so far and forgets them (for tests that send them on purpose). */
	take(): Violation[] {
		const taken = this.list;
		this.list = [];
		return taken;
	}

	/** Throws a ConformanceError while violations are left. */
	assertNone(): void {
		if (this.list.length > 0) throw new ConformanceError(this.list);
	}
}
