/** What a check finds wrong with a send before anything is sent, in words that say what to change. */
export interface SendProblem {
	/** The wire parameter to change (`message`, `expiration_date`, `param2`...). */
	parameter: string;
	/** What is wrong and what to change, in one or two sentences. */
	message: string;
	/** The error code the service would answer, when known. */
	serviceError?: number;
}

/** The problems as one message for an error: one line each. */
export function formatProblems(problems: readonly SendProblem[]): string {
	return problems.map((problem) => problem.message).join('\n');
}

/** Up to `max` values named, the rest counted. */
export function listSome(values: string[], max = 10): string {
	const shown = values.slice(0, max).join(', ');
	return values.length > max ? `${shown} and ${values.length - max} more` : shown;
}
