/**
 * A request of personalised texts sent as one template (personalise.ts) that the service refuses
 * as a whole: its items go again, each with its own text as n8n rendered it. Only for refusals
 * after which nothing of the request was sent — error 18 (the values of a parameter do not match
 * the recipients) and 76 (a parameter holds characters the service does not take) answer the
 * whole request without a list of messages (docs/service-behaviour.md, "Error codes") — so the
 * repeat cannot send a message twice; the idx values and check_idx go with it unchanged.
 */
import type { Settled } from '../helpers/parallel';
import { type SmsapiResponse, getSmsapiErrorCode } from '../transport';
import { type PlannedSend, RequestPlanner, type ServiceRequest } from './batching';

/** One request sent and what came of it. */
export interface SentPart {
	request: ServiceRequest;
	result: Settled<SmsapiResponse>;
}

const REFUSED_AS_A_WHOLE = new Set([18, 76]);

/** The promise's outcome, never a rejection. */
export async function settle<R>(promise: Promise<R>): Promise<Settled<R>> {
	try {
		return { ok: true, value: await promise };
	} catch (error) {
		return { ok: false, error };
	}
}

/**
 * The requests that send the refused request's items with their own texts, or undefined when
 * the refusal is not one of a template or the request holds an item sent as it was.
 */
export function sentAsTheyWere(
	request: ServiceRequest,
	error: unknown,
	originals: ReadonlyMap<number, PlannedSend>,
): ServiceRequest[] | undefined {
	if (!REFUSED_AS_A_WHOLE.has(Number(getSmsapiErrorCode(error)))) return undefined;
	if (!request.members.every((member) => originals.has(member.itemIndex))) return undefined;
	// Identical texts still share a request.
	const planner = new RequestPlanner({ batching: true });
	for (const member of request.members) planner.add(originals.get(member.itemIndex) as PlannedSend);
	return planner.requests();
}
