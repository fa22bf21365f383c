/**
 * What the tests of the answer's way back (nodes/Smsapi/send/results.ts) read: every answer as
 * results per item. An answer in request order comes back from `distributeResults` as its
 * entries only (entry i for recipient i, as send/answer.ts hands them to the items); here it is
 * spelled out recipient by recipient, so that it compares with what the matching gives.
 */
import type { ServiceRequest } from '../../../nodes/Smsapi/send/batching';
import { type SendResponse, type ServiceListEntry, distributeResults } from '../../../nodes/Smsapi/send/results';
import { digits } from '../../../nodes/Smsapi/send/resultsInOrder';
import type { DistributedResults } from '../../../nodes/Smsapi/send/resultTypes';

/** `distributeResults` as results per item, either way it went. */
export function resultsPerItem(batch: ServiceRequest, response: SendResponse | readonly ServiceListEntry[]): DistributedResults {
	const answer = distributeResults(batch, response);
	if (!answer.inOrder) return answer.matched;
	const entries = answer.inOrder;
	let position = 0;
	return {
		items: batch.members.map((member) => ({
			itemIndex: member.itemIndex,
			sent: member.recipientIndexes.map((recipientIndex, i) => ({ recipientIndex, number: digits(member.numbers[i]), entry: entries[position++] })),
			skipped: [],
		})),
		unmatched: [],
	};
}
