/**
 * The recipients of one item (items/recipients.ts): numbers as people type them cleaned; every
 * invalid one named with its reason, an empty list and a list over Max Recipients per Item (counted
 * with the invalid entries; 0 turns the check off) refused before anything is sent, saying what
 * was not done; the limit of Number Lookup and the e-mail gateway by node version.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { DEFAULT_MAX_RECIPIENTS_PER_ITEM, recipientNumbers, unsetRecipientLimit } from '../../nodes/Smsapi/items/recipients';
import { executeContext } from '../support/n8n-context';

const context: IExecuteFunctions = executeContext();
const texts = { empty: 'No recipient: "To" is empty', nothingDone: 'Nothing was sent for this item.' };
const limit = (option: unknown) => ({ option, texts: { field: 'To', noun: 'recipients', nothingDone: 'Nothing was sent for this item.' } });
const thrown = (run: () => unknown) => {
	try {
		run();
	} catch (error) {
		return error as Error & { description?: string; context: { itemIndex?: number } };
	}
	throw new Error('expected an error');
};

describe('the recipients of an item', () => {
	it('cleans numbers as people type them', () => {
		expect(recipientNumbers.call(context, '+48 500-000-001, 0048500000002\n48500000003', 0, texts)).toEqual(['48500000001', '48500000002', '48500000003']);
		expect(recipientNumbers.call(context, ['48500000001', 48500000002], 0, texts)).toEqual(['48500000001', '48500000002']);
	});

	it('names every invalid number with its reason, and what was not done', () => {
		const error = thrown(() => recipientNumbers.call(context, '48500000001, 12, abc', 3, texts));
		expect(error.message).toMatch(/^Not a valid phone number: "12" \(.+\), "abc" \(.+\)$/);
		expect(error.description).toMatch(/^Nothing was sent for this item\. Enter numbers with their country prefix/);
		expect(error.context.itemIndex).toBe(3);
	});

	it('refuses an empty list with the text the operation gives', () => {
		expect(thrown(() => recipientNumbers.call(context, ' , ', 0, texts)).message).toBe('No recipient: "To" is empty');
	});

	it('refuses more entries than Max Recipients per Item before anything else, invalid ones counted; 0 turns it off', () => {
		const three = '48500000001,48500000002,x';
		expect(thrown(() => recipientNumbers.call(context, three, 0, texts, limit(2))).message).toBe('To lists 3 recipients, more than the 2 allowed per item');
		expect(recipientNumbers.call(context, '48500000001,48500000002', 0, texts, limit(2))).toHaveLength(2);
		const many = Array.from({ length: DEFAULT_MAX_RECIPIENTS_PER_ITEM + 1 }, (_, index) => `485000${String(index).padStart(5, '0')}`);
		expect(thrown(() => recipientNumbers.call(context, many, 0, texts, limit(undefined))).message).toContain(`more than the ${DEFAULT_MAX_RECIPIENTS_PER_ITEM} allowed`);
		expect(recipientNumbers.call(context, many, 0, texts, limit(0))).toHaveLength(DEFAULT_MAX_RECIPIENTS_PER_ITEM + 1);
	});

	it('keeps the unlimited lists of Number Lookup and the e-mail gateway for nodes saved before version 1.1', () => {
		expect([unsetRecipientLimit(1), unsetRecipientLimit(1.1), unsetRecipientLimit(1.2)]).toEqual([0, DEFAULT_MAX_RECIPIENTS_PER_ITEM, DEFAULT_MAX_RECIPIENTS_PER_ITEM]);
	});
});
