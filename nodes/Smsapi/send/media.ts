import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { maxParallelRequestsOption, maxRecipientsOption } from '../items/runOptions';
import { type ItemSend, readRecipients } from './channel';
import { checkDates, checkPerRecipientValues } from './checks';
import { withOwnOptions } from './fields';
import { formatProblems } from './problems';
import {
	guardWithGeneratedIdx,
	parseSendOptions,
	setParameter,
	setRecipientValues,
} from './request';
import { sendOptions } from './sendOptions';

/**
 * What MMS (`mms.do`) and voice (`vms.do`) sends share with SMS: recipients, scheduling, idx and
 * check_idx, notify_url, test, and item batching; the options are the SMS send's own.
 */
const SHARED_OPTION_NAMES = new Set([
	'batching',
	'checkIdx',
	'date',
	'dateValidate',
	'idx',
	'notifyUrl',
	'test',
]);

/** The Options of an MMS or voice send, plus the channel's own ones. */
export function mediaSendOptions(own: INodeProperties[]): INodeProperties[] {
	return withOwnOptions(
		sendOptions.filter((option) => SHARED_OPTION_NAMES.has(option.name)),
		[maxParallelRequestsOption, maxRecipientsOption, ...own],
	);
}

/**
 * One item's MMS or voice send, read and checked like an SMS send: recipients, dates, idx values
 * aligned with the recipients, check_idx=1 with idx values the node generates. `content` holds the
 * channel's own parameters (smil and subject; tts, tts_lector or file).
 */
export function readMediaSend(
	this: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
	content: Record<string, string | number>,
): ItemSend {
	const numbers = readRecipients.call(this, itemIndex, options);
	const shared = Object.fromEntries(
		Object.entries(options).filter(([name]) => SHARED_OPTION_NAMES.has(name)),
	);
	const request = parseSendOptions(shared, { timezone: this.getTimezone?.() });
	setRecipientValues(request, 'to', numbers);
	for (const [name, value] of Object.entries(content)) setParameter(request, name, value);
	const generateIdx = guardWithGeneratedIdx(request);
	const problems = [...checkDates(request), ...checkPerRecipientValues(request)];
	if (problems.length > 0) {
		throw new NodeOperationError(this.getNode(), formatProblems(problems), {
			itemIndex,
			description: 'Nothing was sent for this item.',
		});
	}
	return { request, generateIdx };
}
