import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_MAX_PARALLEL_REQUESTS, MAX_PARALLEL_REQUESTS } from '../helpers/parallel';
import { DEFAULT_MAX_RECIPIENTS_PER_ITEM } from './recipients';

/**
 * Options of how a run treats its items, shared by the operations that spend money per number
 * (sends, number lookups, the e-mail gateway): the node's own, not service parameters.
 */

/**
 * Requests of one run in flight at once (a run that needs more than one: batching off, personalised
 * batches of 100, number lookups in chunks of 20). Not sent to the service.
 */
export const maxParallelRequestsOption: INodeProperties = {
	displayName: 'Max Parallel Requests',
	name: 'maxParallelRequests',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_PARALLEL_REQUESTS },
	default: DEFAULT_MAX_PARALLEL_REQUESTS,
	description:
		'How many requests of one run may be in flight at once when the run needs more than one (1 to 5). The service refuses more than 5 simultaneous sends of an account (error 202); a refused request is repeated after a wait, never sent twice.',
};

/**
 * Options against untrusted data (a form, a webhook, a spreadsheet a customer fills in). The
 * node's own, not service parameters. Max Recipients per Item caps every operation that spends
 * money per number: sends, number lookups and the e-mail gateway.
 */
export const maxRecipientsOption: INodeProperties = {
	displayName: 'Max Recipients per Item',
	name: 'maxRecipientsPerItem',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: DEFAULT_MAX_RECIPIENTS_PER_ITEM,
	description:
		'The most phone numbers one input item may send to; an item with more fails before anything is sent. Guards against a To value from outside (a form field, a webhook) that lists thousands of numbers. 0 turns the check off.',
};
