import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { prepareRecipients } from './numbers';
import type { NumbersInput, PreparedRecipients } from './numbers';

const HOW_TO_ENTER =
	'Enter numbers with their country prefix, e.g. 48500000000, separated by commas.';

/**
 * The cleaned numbers of a recipients parameter (`To`, `Numbers`). Refused before anything is
 * sent: any number that is not valid (all of them are named, with the reason) and an empty list.
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
): string[] {
	const recipients =
		input !== null && typeof input === 'object' && 'prepared' in input
			? input.prepared
			: prepareRecipients(input);
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
