import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { SendParameters } from '../helpers/sendModel';
import { checkDates, checkPerRecipientValues, formatProblems } from '../helpers/sendValidation';
import { perRecipientValues } from '../helpers/sendWire';
import {
	maxParallelRequestsOption,
	maxRecipientsOption,
	sendOptions,
	withOwnOptions,
} from './sms/fields';
import type { PreparedSend } from './sms/idxSeed';
import { readRecipients } from './sms/send.operation';
import { toSendParameters } from './sms/sendParameters';

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
export function prepareMediaSend(
	this: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
	content: Record<string, string | number>,
): PreparedSend {
	const numbers = readRecipients.call(this, itemIndex, options);
	const shared = Object.fromEntries(
		Object.entries(options).filter(([name]) => SHARED_OPTION_NAMES.has(name)),
	);
	const params = toSendParameters(shared, { timezone: this.getTimezone?.() }) as SendParameters &
		Record<string, unknown>;
	params.to = numbers;
	Object.assign(params, content);
	const generateIdx = perRecipientValues(params.idx) === undefined;
	if (generateIdx) params.check_idx = true;
	const problems = [...checkDates(params), ...checkPerRecipientValues(params)];
	if (problems.length > 0) {
		throw new NodeOperationError(this.getNode(), formatProblems(problems), {
			itemIndex,
			description: 'Nothing was sent for this item.',
		});
	}
	return { itemIndex, params, generateIdx };
}
