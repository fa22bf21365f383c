/**
 * How much one callback request may carry, and the checks that enforce it before anything is
 * decoded or expanded. Every check here runs in time linear in the input and stops at its limit,
 * so an oversized or hostile request costs at most a bounded scan before it is refused.
 *
 * Sizes: the service sends at most 5 delivery reports per request and number lookups of at most
 * 20 numbers (docs/service-behaviour.md, "Callbacks" and "Limits"); an inbound message is a handful of fields. The limits leave wide
 * room above that and stay far below what could stall n8n's main instance.
 */
export const PARSE_LIMITS = {
	/** Reports in one request; more is not the service, and is refused (413). */
	maxReports: 1000,
	/** Characters in one value (a 10-part SMS has 1530). A longer value makes its report malformed. */
	maxFieldLength: 65_536,
	/** Bracket nesting in form keys (`0[id]`, `data[0][id]`). */
	maxDepth: 4,
	/** Characters of a raw body the node decodes itself (n8n left it unparsed). More: 413. */
	maxBodyLength: 1_048_576,
	/** `key=value` pairs in one form body or query (n8n's own form parser stops at 1,000). More: 413. */
	maxPairs: 1000,
	/** Characters in one key. A longer key: 400. */
	maxKeyLength: 256,
	/** Keys, array entries and values in all of one request's parsed data together. More: 413. */
	maxNodes: 50_000,
	/** Characters of all strings in one request's parsed data together. More: 413. */
	maxTotalChars: 4_194_304,
	/**
	 * Characters that copying values into several reports of one request may add (a value sent once
	 * for all of them, a field name repeated in each): what n8n gets stays near the size of the
	 * request. More: extra fields are kept once (extraFields.ts); the event's own fields, 413.
	 */
	maxExtraCopies: 16_384,
};

interface LimitBreach {
	status: 400 | 413;
	reason: string;
}

/** The number of `&`-separated pieces in `text`, counted up to `stopAt` (one pass, no copies). */
function countPairs(text: string, stopAt: number): number {
	let count = text.length === 0 ? 0 : 1;
	let from = text.indexOf('&');
	while (from !== -1 && count <= stopAt) {
		count++;
		from = text.indexOf('&', from + 1);
	}
	return count;
}

/** Why a raw body cannot be decoded (too long, too many pairs), or undefined when it can. */
export function checkRawBody(text: string): LimitBreach | undefined {
	if (text.length > PARSE_LIMITS.maxBodyLength) {
		return {
			status: 413,
			reason: `the body has ${text.length} characters (at most ${PARSE_LIMITS.maxBodyLength} are accepted)`,
		};
	}
	const trimmed = text.trimStart();
	if (trimmed.startsWith('{') || trimmed.startsWith('[')) return undefined; // JSON: measured after parsing
	if (countPairs(text, PARSE_LIMITS.maxPairs) > PARSE_LIMITS.maxPairs) {
		return { status: 413, reason: `the body has more than ${PARSE_LIMITS.maxPairs} form fields` };
	}
	return undefined;
}

/**
 * Walks data n8n already parsed (query objects, JSON or form bodies) without recursion and stops
 * at the first limit it meets: too many keys and entries or characters in all (413), nesting far
 * deeper than any callback (413), a key longer than any field name (400).
 */
export function measureParsed(values: unknown[]): LimitBreach | undefined {
	const stack: Array<{ value: unknown; depth: number }> = values.map((value) => ({
		value,
		depth: 0,
	}));
	let nodes = 0;
	let chars = 0;
	const maxNesting = PARSE_LIMITS.maxDepth + 4;
	while (stack.length > 0) {
		const { value, depth } = stack.pop()!;
		nodes++;
		if (nodes > PARSE_LIMITS.maxNodes) {
			return {
				status: 413,
				reason: `the request carries more than ${PARSE_LIMITS.maxNodes} fields and values`,
			};
		}
		if (typeof value === 'string') {
			chars += value.length;
		} else if (typeof value === 'object' && value !== null) {
			if (depth > maxNesting)
				return {
					status: 413,
					reason: `the request's data is nested more than ${maxNesting} levels deep`,
				};
			if (Array.isArray(value)) {
				if (nodes + value.length > PARSE_LIMITS.maxNodes) {
					return {
						status: 413,
						reason: `the request carries more than ${PARSE_LIMITS.maxNodes} fields and values`,
					};
				}
				for (const item of value) stack.push({ value: item, depth: depth + 1 });
			} else {
				for (const key in value) {
					if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
					if (key.length > PARSE_LIMITS.maxKeyLength) {
						return {
							status: 400,
							reason: `a field name is ${key.length} characters long (at most ${PARSE_LIMITS.maxKeyLength})`,
						};
					}
					chars += key.length;
					nodes++;
					if (nodes > PARSE_LIMITS.maxNodes) {
						return {
							status: 413,
							reason: `the request carries more than ${PARSE_LIMITS.maxNodes} fields and values`,
						};
					}
					stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 });
				}
			}
		}
		if (chars > PARSE_LIMITS.maxTotalChars) {
			return {
				status: 413,
				reason: `the request carries more than ${PARSE_LIMITS.maxTotalChars} characters of data`,
			};
		}
	}
	return undefined;
}
