import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { toText } from '../../helpers/values';
import { type RunParameters, runParameters } from '../../items/runParameters';
import { type ItemSend, readRecipients } from '../../send/channel';
import { checkMessage, checkRequest } from '../../send/checks';
import { formatProblems } from '../../send/problems';
import {
	PARAM_KEYS,
	PER_RECIPIENT_KEYS,
	type SendRequest,
	forRecipients,
	guardWithGeneratedIdx,
	hasParameter,
	parseSendOptions,
	setParameter,
	setRecipientValues,
} from '../../send/request';

/** Message and Param 1–4 with the service's macros made inert where expressions produced them. */
function defuseExpressionMacros(
	parameters: RunParameters,
	itemIndex: number,
	message: string,
	options: IDataObject,
): string {
	for (const key of PARAM_KEYS) {
		const value = options[key];
		if (typeof value === 'string')
			options[key] = parameters.inertText(`options.${key}`, itemIndex, value);
	}
	return parameters.inertText('message', itemIndex, message);
}

/**
 * Reads and checks the items of one SMS send run. Message and Options without an expression are
 * the same for every item: they are resolved once, parsed into service parameters once, and
 * their checks (text length, dates, flags...) run once; per item only `to` (and what is an
 * expression) is read. The checks that depend on the recipients run per item as before: the
 * numbers (readRecipients), and idx/param values, which keep the full check per item.
 */
export class SmsItemReader {
	private readonly parameters: RunParameters;

	/** Service parameters from constant Options, before `to` and `message`. */
	private shared?: SendRequest;

	/** The constant part passed every check once: later items need only their recipients checked. */
	private sharedChecked = false;

	/** An item with the run's constant Options passed every check: later items need only their message checked. */
	private optionsChecked = false;

	constructor(private readonly context: IExecuteFunctions) {
		this.parameters = runParameters(context);
	}

	/**
	 * The item's request: its options parsed (once per run when they are constant, also when the
	 * message is an expression: it is set on the item's copy), its numbers.
	 */
	private requestFor(options: IDataObject, numbers: string[]): SendRequest {
		const parse = () => parseSendOptions(options, { timezone: this.context.getTimezone?.() });
		if (this.parameters.isConstant('options'))
			return forRecipients((this.shared ??= parse()), numbers);
		const request = parse();
		setRecipientValues(request, 'to', numbers);
		return request;
	}

	/** Read, check and prepare one item; throws (with the item's index) what is wrong with it. */
	read(itemIndex: number): ItemSend {
		const context = this.context;
		let message = toText(this.parameters.get('message', itemIndex, ''));
		// Read only, but for Neutralize Macros, which rewrites the item's Param 1–4 in its copy.
		let options = this.parameters.get<IDataObject>('options', itemIndex, {});
		if (options.neutralizeMacros === true) options = { ...options };
		const numbers = readRecipients.call(context, itemIndex, options);
		if (options.neutralizeMacros === true)
			message = defuseExpressionMacros(this.parameters, itemIndex, message, options);

		const request = this.requestFor(options, numbers);
		// A template replaces the message (Message is hidden then; a value left from before is ignored).
		if (message !== '' && !hasParameter(request, 'template'))
			setParameter(request, 'message', message);
		const generateIdx = guardWithGeneratedIdx(request);

		// Without per-recipient values every check but the numbers' (done above) gives the same
		// answer for every item of the run; with constant Options, every check but the message's.
		const constantOptions =
			this.parameters.isConstant('options') &&
			PER_RECIPIENT_KEYS.every((key) => !hasParameter(request, key));
		const sameForAll = constantOptions && this.parameters.isConstant('message');
		if (sameForAll && this.sharedChecked) return { request, generateIdx };
		const problems =
			constantOptions && this.optionsChecked
				? checkMessage(request)
				: checkRequest(request, { checkRequestLimits: false, numbersChecked: true });
		if (problems) {
			throw new NodeOperationError(context.getNode(), formatProblems(problems), {
				itemIndex,
				description: 'Nothing was sent for this item.',
			});
		}
		if (constantOptions) this.optionsChecked = true;
		if (sameForAll) this.sharedChecked = true;
		return { request, generateIdx };
	}
}
