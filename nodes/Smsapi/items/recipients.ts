import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { prepareRecipients } from '../helpers/numbers';
import type { NumbersInput, PreparedRecipients } from '../helpers/numbers';

/** Recipients one input item may have unless Options → Max Recipients per Item says otherwise. */
export const DEFAULT_MAX_RECIPIENTS_PER_ITEM = 100;

/**
 * The limit of Number Lookup and the e-mail gateway when Max Recipients per Item is not set. Both
 * took any count of numbers per item before node version 1.1; nodes saved then keep that (0: no
 * check) until the user sets the option, new nodes get the default.
 */
export function unsetRecipientLimit(typeVersion: number): number {
	return typeVersion >= 1.1 ? DEFAULT_MAX_RECIPIENTS_PER_ITEM : 0;
}

/** How an operation names its recipients in the error of a list over the limit. */
interface RecipientCountTexts {
	/** The parameter, as the editor shows it: `To`, `Numbers`. */
	field: string;
	/** What it lists, plural: `recipients`, `numbers`. */
	noun: string;
	/** What did not happen for the item, leading the description: `Nothing was sent for this item.` */
	nothingDone: string;
}

/**
 * Where money is spent per number (a send, a lookup, an e-mail to the gateway), a list from
 * outside (a form field, a webhook) may carry thousands of numbers: more than `limit` (Options →
 * Max Recipients per Item; 0 or less turns the check off) is refused before anything is done.
 * `count` is every entry given, valid or not.
 */
function checkRecipientCount(
	this: IExecuteFunctions,
	itemIndex: number,
	count: number,
	limitOption: unknown,
	texts: RecipientCountTexts,
): void {
	const limit = Number(limitOption ?? DEFAULT_MAX_RECIPIENTS_PER_ITEM);
	if (!Number.isFinite(limit) || limit <= 0 || count <= limit) return;
	throw new NodeOperationError(
		this.getNode(),
		`${texts.field} lists ${count} ${texts.noun}, more than the ${limit} allowed per item`,
		{
			itemIndex,
			description: `${texts.nothingDone} Check where the numbers come from (a form field or a webhook can carry any list), or raise Options → Max Recipients per Item (0 turns the check off).`,
		},
	);
}

const HOW_TO_ENTER =
	'Enter numbers with their country prefix, e.g. 48500000000, separated by commas.';

/**
 * The cleaned numbers of a recipients parameter (`To`, `Numbers`). Refused before anything is
 * sent: a list over the item's limit (when `limit` is given), any number that is not valid (all
 * of them are named, with the reason) and an empty list.
 */
export function recipientNumbers(
	this: IExecuteFunctions,
	input: NumbersInput | { prepared: PreparedRecipients },
	itemIndex: number,
	texts: {
		/** The error when no number is given, e.g. `No recipient: "To" is empty`. */
		empty: string;
		/** What did not happen for the item, leading the description, e.g. `Nothing was looked up for this item.` */
		nothingDone?: string;
	},
	/** With it, more entries than Max Recipients per Item are refused first (checkRecipientCount). */
	limit?: { option: unknown; texts: RecipientCountTexts },
): string[] {
	const recipients =
		input !== null && typeof input === 'object' && 'prepared' in input
			? input.prepared
			: prepareRecipients(input);
	if (limit) {
		checkRecipientCount.call(
			this,
			itemIndex,
			recipients.numbers.length + recipients.invalid.length,
			limit.option,
			limit.texts,
		);
	}
	const lead = texts.nothingDone ? `${texts.nothingDone} ` : '';
	if (recipients.invalid.length > 0) {
		const listed = recipients.invalid.map((entry) => `"${entry.input}" (${entry.reason})`);
		throw new NodeOperationError(this.getNode(), `Not a valid phone number: ${listed.join(', ')}`, {
			itemIndex,
			description: `${lead}${HOW_TO_ENTER}`,
		});
	}
	if (recipients.numbers.length === 0) {
		throw new NodeOperationError(this.getNode(), texts.empty, {
			itemIndex,
			description: `${lead}Enter at least one phone number with its country prefix, e.g. 48500000000.`,
		});
	}
	return recipients.numbers;
}
