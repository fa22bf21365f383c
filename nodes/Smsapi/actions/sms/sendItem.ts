import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { recipientNumbers } from '../../helpers/recipientParameter';
import { RunParameters } from '../../helpers/runParameters';
import { PARAM_KEYS, PER_RECIPIENT_KEYS, type SendParameters } from '../../helpers/sendModel';
import { formatProblems, validateSendParameters } from '../../helpers/sendValidation';
import { perRecipientValues } from '../../helpers/sendWire';
import { toText } from '../../helpers/values';
import type { PreparedSend } from './idxSeed';
import { toSendParameters } from './sendParameters';
import { withInertMacros } from './untrustedText';

/** Message and Param 1–4 with the service's macros made inert where expressions produced them. */
function defuseExpressionMacros(
	this: IExecuteFunctions,
	itemIndex: number,
	message: string,
	options: IDataObject,
): string {
	for (const key of PARAM_KEYS) {
		const value = options[key];
		if (typeof value === 'string')
			options[key] = withInertMacros.call(this, `options.${key}`, itemIndex, value);
	}
	return withInertMacros.call(this, 'message', itemIndex, message);
}

/** A send's To in the error of a list over Max Recipients per Item. */
const SEND_RECIPIENTS = {
	field: 'To',
	noun: 'recipients',
	nothingDone: 'Nothing was sent for this item.',
};

/**
 * The item's recipients (`to`), counted, checked and cleaned; an error names every bad number.
 * The protection against a list from outside (Max Recipients per Item) comes before anything else.
 */
export function readRecipients(
	this: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
	toInput = this.getNodeParameter('to', itemIndex) as string | string[],
): string[] {
	return recipientNumbers.call(
		this,
		toInput,
		itemIndex,
		{ empty: 'No recipient: "To" is empty' },
		{ option: options.maxRecipientsPerItem, texts: SEND_RECIPIENTS },
	);
}

/**
 * Reads and checks the items of one SMS send run. Message and Options without an expression are
 * the same for every item: they are resolved once, turned into service parameters once, and
 * their checks (text length, dates, flags...) run once; per item only `to` (and what is an
 * expression) is read. The checks that depend on the recipients run per item as before: the
 * numbers (readRecipients), and idx/param values, which keep the full check per item.
 */
export class SmsItemReader {
	private readonly parameters: RunParameters;

	/** Service parameters from constant Options, before `to` and `message`. */
	private shared?: SendParameters;

	/** The constant part passed every check once: later items need only their recipients checked. */
	private sharedChecked = false;

	constructor(private readonly context: IExecuteFunctions) {
		this.parameters = new RunParameters(context);
	}

	private get constantText(): boolean {
		return this.parameters.isConstant('message') && this.parameters.isConstant('options');
	}

	/** Read, check and prepare one item; throws (with the item's index) what is wrong with it. */
	prepare(itemIndex: number): PreparedSend {
		const context = this.context;
		let message = toText(this.parameters.get('message', itemIndex, ''));
		const options = { ...this.parameters.get<IDataObject>('options', itemIndex, {}) };
		const numbers = readRecipients.call(context, itemIndex, options);
		if (options.neutralizeMacros === true)
			message = defuseExpressionMacros.call(context, itemIndex, message, options);

		const constant = this.constantText;
		let params: SendParameters;
		if (constant) {
			this.shared ??= toSendParameters(options, { timezone: context.getTimezone?.() });
			params = { ...this.shared };
		} else params = toSendParameters(options, { timezone: context.getTimezone?.() });
		params.to = numbers;
		// A template replaces the message (Message is hidden then; a value left from before is ignored).
		if (message !== '' && params.template === undefined) params.message = message;
		// Without the user's own Idx the node generates one per message (after every item is read, see
		// idxSeed) and always sends check_idx=1: a repeat of the request (failover, Retry On Fail) is
		// then refused by the service instead of sent twice. A user's own Idx goes with the user's
		// Check Idx (off unless set, as at the service): an order id reused within 24 hours must not
		// make the service refuse a whole request.
		const generateIdx = perRecipientValues(params.idx) === undefined;
		if (generateIdx) params.check_idx = true;

		// Without per-recipient values every check but the numbers' (done above) gives the same
		// answer for every item of the run.
		const sameForAll = constant && PER_RECIPIENT_KEYS.every((key) => params[key] === undefined);
		if (sameForAll && this.sharedChecked) return { itemIndex, params, generateIdx };
		const problems = validateSendParameters(params, { checkRequestLimits: false });
		if (problems) {
			throw new NodeOperationError(context.getNode(), formatProblems(problems), {
				itemIndex,
				description: 'Nothing was sent for this item.',
			});
		}
		if (sameForAll) this.sharedChecked = true;
		return { itemIndex, params, generateIdx };
	}
}
