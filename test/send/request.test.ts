/**
 * One item's send, parsed once (send/request.ts): recipients as a list (split as people type lists,
 * or an array), flags as booleans, dates as instants (null when no date), Max Parts as a number,
 * idx and Param 1–4 one value per recipient, every other parameter as text, the order they were
 * given kept for the wire, blank lists noted for the checks; a copy per item's recipients that
 * leaves the shared request untouched; generated idx values guarded by check_idx=1, a user's own
 * idx left to the user's Check Idx.
 */
import type { SendParameters } from '../../nodes/Smsapi/send/parameters';
import { forRecipients, guardWithGeneratedIdx, hasParameter, isDateKey, isFlagKey, isPerRecipientKey, parseSendParameters, setParameter, setRecipientValues } from '../../nodes/Smsapi/send/request';

describe('a parsed send', () => {
	it('reads every value in its own type, in the order given', () => {
		const request = parseSendParameters({ to: '+48 500 000 001, 48500000002', message: 'Hi', test: '1', fast: false, date: '2030-01-31T10:00:00Z', expiration_date: 'soon', max_parts: '3', param1: 'Anna|Jan', from: 'Shop', encoding: 'utf-8' });
		// Split as people type lists; cleaning each number is the item's (items/recipients.ts).
		expect(request.to).toEqual(['+48 500 000 001', '48500000002']);
		expect(request.message).toBe('Hi');
		expect(request.flags).toEqual({ test: true, fast: false });
		expect(request.dates.date).toEqual({ at: new Date('2030-01-31T10:00:00Z'), text: '2030-01-31T10:00:00Z' });
		expect(request.dates.expiration_date).toEqual({ at: null, text: 'soon' });
		expect(request.maxParts).toEqual({ value: 3, text: '3' });
		expect(request.perRecipient).toEqual({ param1: ['Anna', 'Jan'] });
		expect(Object.fromEntries(request.texts)).toEqual({ from: 'Shop', encoding: 'utf-8' });
		expect(request.order).toEqual(['to', 'message', 'test', 'fast', 'date', 'expiration_date', 'max_parts', 'param1', 'from', 'encoding']);
	});

	it('takes recipients and per-recipient values as arrays too, and notes blank lists for the checks', () => {
		// As an expression may give them: a number among the numbers, a null among the values.
		const loose = { to: ['48500000001', ' ', 48500000002], idx: ['a', null, 'c'], param2: '' } as unknown as SendParameters;
		const request = parseSendParameters(loose);
		expect(request.to).toEqual(['48500000001', '48500000002']);
		expect(request.perRecipient.idx).toEqual(['a', '', 'c']);
		expect(request.perRecipient.param2).toBeUndefined();
		expect(request.blankLists).toEqual(['param2']);
		expect(hasParameter(request, 'param2')).toBe(true);
		expect(hasParameter(request, 'param3')).toBe(false);
	});

	it('knows its kinds of parameter', () => {
		expect([isFlagKey('test'), isFlagKey('from'), isDateKey('date'), isDateKey('to'), isPerRecipientKey('param4'), isPerRecipientKey('to')]).toEqual([true, false, true, false, true, false]);
	});

	it("copies the shared request for an item's recipients without changing it", () => {
		const base = parseSendParameters({ message: 'Hi', from: 'Shop', date: '2030-01-31T10:00:00Z', test: true });
		const copy = forRecipients(base, ['48500000001']);
		setParameter(copy, 'from', 'Other');
		setParameter(copy, 'date', '2031-01-01T00:00:00Z');
		setParameter(copy, 'test', false);
		expect(copy.to).toEqual(['48500000001']);
		expect([base.texts.get('from'), base.dates.date?.text, base.flags.test, base.to]).toEqual(['Shop', '2030-01-31T10:00:00Z', true, []]);
		expect([copy.texts.get('from'), copy.dates.date?.text, copy.flags.test]).toEqual(['Other', '2031-01-01T00:00:00Z', false]);
	});

	it('sets lists the node made itself, a blank one noted and un-noted', () => {
		const request = parseSendParameters({ to: '48500000001' });
		setRecipientValues(request, 'idx', []);
		expect(request.blankLists).toEqual(['idx']);
		setRecipientValues(request, 'idx', ['a1']);
		expect(request.blankLists).toBeUndefined();
		expect(request.order).toEqual(['to', 'idx']);
	});

	it('guards generated idx values with check_idx=1; a user\'s own idx keeps the user\'s Check Idx', () => {
		const generated = parseSendParameters({ to: '48500000001', message: 'Hi' });
		expect(guardWithGeneratedIdx(generated)).toBe(true);
		expect(generated.flags.check_idx).toBe(true);
		const own = parseSendParameters({ to: '48500000001', message: 'Hi', idx: 'order-1' });
		expect(guardWithGeneratedIdx(own)).toBe(false);
		expect(own.flags.check_idx).toBeUndefined();
	});

	it("shares one order list and one flags record among a run's items, each item's own values still its own", () => {
		const base = parseSendParameters({ message: 'Hi', test: true });
		const items = Array.from({ length: 3 }, (_, i) => forRecipients(base, [`4850000000${i}`]));
		for (const item of items) guardWithGeneratedIdx(item);
		// Item 2 sets one flag more, and one parameter more.
		setParameter(items[2], 'fast', true);
		setParameter(items[2], 'from', 'Shop');
		expect(items[1].order).toBe(items[0].order);
		expect(items[1].flags).toBe(items[0].flags);
		expect(items[0].order).toEqual(['message', 'test', 'to', 'check_idx']);
		expect(items[0].flags).toEqual({ test: true, check_idx: true });
		expect(items[2].order).toEqual(['message', 'test', 'to', 'check_idx', 'fast', 'from']);
		expect(items[2].flags).toEqual({ test: true, check_idx: true, fast: true });
		expect([base.order, base.flags]).toEqual([['message', 'test'], { test: true }]);
		// Shared, so never changed in place: a change gives the item another record.
		expect(Object.isFrozen(items[0].flags) && Object.isFrozen(items[0].order)).toBe(true);
		setParameter(items[1], 'test', '');
		expect([items[1].flags, items[0].flags]).toEqual([{ check_idx: true }, { test: true, check_idx: true }]);
		expect(items.map((item) => item.to)).toEqual([['48500000000'], ['48500000001'], ['48500000002']]);
	});
});

