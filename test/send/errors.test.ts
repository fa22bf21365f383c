/**
 * How a send tells what went wrong (send/errors.ts), in n8n-core's ExecuteContext: error 12 in
 * words for the request the service refused (how many parts its longest message needs, which limit
 * refused it, what to change); the numbers the service skipped; the messages a run already sent,
 * twenty named and the rest counted; without Continue On Fail one error that names every failed
 * item and what was sent before it.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { ItemOutcomes } from '../../nodes/Smsapi/items/outcomes';
import type { ServiceRequest } from '../../nodes/Smsapi/send/batching';
import { explainPartsRefusal, SENT_LISTED, sentSummary, skippedError, throwIfAnyFailed } from '../../nodes/Smsapi/send/errors';
import { createServiceError } from '../../nodes/Smsapi/transport/errors/serviceError';
import { executeContext } from '../support/n8n-context';

const node = { name: 'SMSAPI' } as INode;
const request = (params: Record<string, string>) => ({ params, members: [], recipients: 1 }) as unknown as ServiceRequest;
const context = () => executeContext({ items: [{ json: {} }, { json: {} }, { json: {} }] });

/** What throwIfAnyFailed throws for `outcomes`, or undefined. */
function thrownBy(outcomes: ItemOutcomes<IDataObject>): (Error & { description?: string; context?: { itemIndex?: number } }) | undefined {
	try {
		throwIfAnyFailed.call(context(), outcomes);
	} catch (error) {
		return error as Error;
	}
	return undefined;
}

describe('what a send tells', () => {
	it('explains error 12 by the longest message and the limit that refused it', () => {
		const error = createServiceError(node, { code: 12, serviceMessage: 'Too many parts' });
		explainPartsRefusal(error, request({ to: '48500000001', message: 'a'.repeat(400), max_parts: '2' }));
		expect(error.description).toMatch(/^The longest message of the request needs 3 parts \(400 characters, GSM-7\), more than Max Parts \(2\)\. Set Max Parts to 3 or shorten the message\./);
		const account = createServiceError(node, { code: 12 });
		explainPartsRefusal(account, request({ to: '48500000001', message: 'ż'.repeat(700), single: '1' }));
		expect(account.description).toContain("more than the account's own maximum of parts");
		expect(account.description).toContain('Single is on');
		const other = createServiceError(node, { code: 13 });
		const before = other.description;
		explainPartsRefusal(other, request({ message: 'x' }));
		expect(other.description).toBe(before);
	});

	it('names the numbers the service skipped, and says the others were sent', () => {
		const error = skippedError.call(context(), 1, [{ number: '48123', reason: 'invalid number' }, { number: '48221234567', reason: 'landline' }]);
		expect(error.message).toBe('No message for 48123 (invalid number), 48221234567 (landline)');
		expect(error.description).toMatch(/other recipients of the request were sent their messages/);
		expect(error.context.itemIndex).toBe(1);
	});

	it('names the messages sent so far, twenty of them, the rest counted', () => {
		const outcomes = new ItemOutcomes<IDataObject>(context(), 2);
		expect(sentSummary(outcomes)).toBe('');
		for (let i = 0; i < SENT_LISTED + 5; i++) outcomes.get(i % 2).rows.push({ number: `4850000${i}`, id: `m${i}` });
		const summary = sentSummary(outcomes);
		expect(summary).toMatch(/^Messages already sent in this run: item 0 → 48500000 \(id m0\), item 0 → 48500002 \(id m2\)/);
		expect(summary).toContain(', and 5 more (25 in all; each is in the output of its item with Continue On Fail).');
	});

	it('without Continue On Fail: one failed item throws its own error with what was sent; several, one error naming each', () => {
		const one = new ItemOutcomes<IDataObject>(context(), 2);
		one.get(0).rows.push({ number: '48500000001', id: 'm1' });
		one.addError(1, new Error('No message for 48123 (invalid number)'));
		const single = thrownBy(one);
		expect(single?.message).toBe('No message for 48123 (invalid number)');
		expect(single?.description).toBe('Messages already sent in this run: item 0 → 48500000001 (id m1).');
		expect(single?.context?.itemIndex).toBe(1);
		const several = new ItemOutcomes<IDataObject>(context(), 3);
		several.addError(0, new Error('a'));
		several.addError(2, new Error('b'));
		several.addError(2, new Error('c'));
		const thrown = thrownBy(several);
		expect(thrown?.message).toBe('2 items failed: item 0: a | item 2: b; c');
		expect(thrown?.description).toBe('Nothing was sent.');
		expect(thrown?.context?.itemIndex).toBe(0);
		expect(() => throwIfAnyFailed.call(context(), new ItemOutcomes<IDataObject>(context(), 1))).not.toThrow();
	});
});
