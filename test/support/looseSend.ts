/**
 * The sending core driven from parameters that were not parsed yet (the loose bag a test or a
 * fuzzer writes by hand): each function parses once with the core's own `parseSendParameters`
 * and hands the typed request to the core's function of the same job. Shipped code never takes
 * loose parameters past `parseSendParameters`, so these live with the tests.
 */
import { type BatchingOptions, type PlannedSend, RequestPlanner, type ServiceRequest } from '../../nodes/Smsapi/send/batching';
import { type ValidationOptions, checkRequest } from '../../nodes/Smsapi/send/checks';
import type { SendParameters } from '../../nodes/Smsapi/send/parameters';
import type { SendProblem } from '../../nodes/Smsapi/send/problems';
import { parseSendParameters } from '../../nodes/Smsapi/send/request';
import { toWire } from '../../nodes/Smsapi/send/wire';

/** One input item's send as parameters that were not parsed yet. */
export interface ItemSendRequest {
	itemIndex: number;
	params: SendParameters;
}

/** Every check of the core on parameters that were not parsed yet. */
export function validateSendParameters(
	params: SendParameters,
	options: ValidationOptions = {},
): SendProblem[] | null {
	return checkRequest(parseSendParameters(params), options);
}

/** The wire form of parameters that were not parsed yet. */
export function toWireParameters(params: SendParameters): Record<string, string> {
	return toWire(parseSendParameters(params));
}

/** Every send of a run planned at once (RequestPlanner). */
export function planRequests(items: readonly PlannedSend[], options: BatchingOptions = {}): ServiceRequest[] {
	const planner = new RequestPlanner(options);
	for (const item of items) planner.add(item);
	return planner.requests();
}

/** `planRequests` for sends given as parameters that were not parsed yet. */
export function splitIntoRequests(
	items: readonly ItemSendRequest[],
	options: BatchingOptions = {},
): ServiceRequest[] {
	return planRequests(
		items.map(({ itemIndex, params }) => {
			const request = parseSendParameters(params);
			return { itemIndex, request, wire: toWire(request) };
		}),
		options,
	);
}

/** Whether two sends, one recipient each, travel in one request when batching is on. */
export function shareRequest(a: SendParameters, b: SendParameters): boolean {
	return splitIntoRequests([
		{ itemIndex: 0, params: a },
		{ itemIndex: 1, params: b },
	]).length === 1;
}
