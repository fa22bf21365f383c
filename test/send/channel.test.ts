/**
 * A send's recipients as every channel reads them (send/channel.ts, readRecipients) in n8n-core's
 * ExecuteContext: To as typed or as an array from an expression, each number cleaned; every bad
 * number named at once; an empty To refused, each saying how to enter numbers; a list over Max
 * Recipients per Item (100 by default, 0 turns it off) refused before anything else, saying that
 * nothing was sent for the item. Each error carries the item's index.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { readRecipients } from '../../nodes/Smsapi/send/channel';
import { executeContext, smsapiNode } from '../support/n8n-context';

const numbers = (count: number) => Array.from({ length: count }, (_, i) => String(48500000000 + i));

/** The recipients of item `itemIndex` of SMS → Send with this To, over these items. */
function recipients(to: INodeParameters['to'], options: IDataObject = {}, items: IDataObject[] = [{}], itemIndex = 0) {
	const node = smsapiNode({ resource: 'sms', operation: 'send', to, message: 'Hi', options: options as INodeParameters });
	return readRecipients.call(executeContext({ node, items: items.map((json) => ({ json })) }), itemIndex, options);
}

const refused = (message: RegExp, description: RegExp, itemIndex = 0) =>
	expect.objectContaining({ message: expect.stringMatching(message), description: expect.stringMatching(description), context: expect.objectContaining({ itemIndex }) });
const HOW_TO_ENTER = /^Enter numbers with their country prefix, e\.g\. 48500000000, separated by commas\.$/;
const OVER_THE_LIMIT = /^Nothing was sent for this item\. .*raise Options → Max Recipients per Item/;

describe('readRecipients', () => {
	it('cleans each number of a typed list: spaces, dashes, a leading + or 00', () => {
		expect(recipients('+48 500 000 001, 0048-500-000-002,48500000003')).toEqual(['48500000001', '48500000002', '48500000003']);
	});

	it("takes an array an expression gives, read from the item's own data", () => {
		const items = [{ phones: ['48500000001'] }, { phones: ['+48500000002', '48 500 000 003'] }];
		expect(recipients('={{ $json.phones }}', {}, items, 1)).toEqual(['48500000002', '48500000003']);
	});

	it('names every bad number at once, at the item it belongs to', () => {
		expect(() => recipients('={{ $json.to }}', {}, [{ to: '48500000001' }, { to: '123, 48500000002, abc' }], 1)).toThrow(refused(/^Not a valid phone number: "123" .*, "abc" /, HOW_TO_ENTER, 1));
	});

	it('refuses an empty To', () => {
		expect(() => recipients(' , ')).toThrow(refused(/^No recipient: "To" is empty$/, /^Enter at least one phone number/));
	});

	it('refuses more than Max Recipients per Item, 100 by default, before looking at the numbers; 0 turns the check off', () => {
		expect(recipients(numbers(100).join(','))).toHaveLength(100);
		expect(() => recipients([...numbers(100), 'abc'].join(','))).toThrow(refused(/^To lists 101 recipients, more than the 100 allowed per item$/, OVER_THE_LIMIT));
		expect(() => recipients(numbers(4).join(','), { maxRecipientsPerItem: 3 })).toThrow(refused(/^To lists 4 recipients, more than the 3 allowed/, OVER_THE_LIMIT));
		expect(recipients(numbers(150).join(','), { maxRecipientsPerItem: 0 })).toHaveLength(150);
	});
});
