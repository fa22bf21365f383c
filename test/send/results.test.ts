/**
 * The service's answer to a batched send handed back to its items (send/results.ts,
 * send/resultsInOrder.ts): an answer in request order as its entries alone; any other matched,
 * each item getting its own entries, matched by number in national or international form, by idx
 * with Allow Duplicates, by order when nothing else matches; failed numbers and duplicates
 * reported per item; linear at 10,000 recipients.
 */
import { splitIntoRequests } from '../support/looseSend';
import { type ServiceListEntry, distributeResults } from '../../nodes/Smsapi/send/results';
import { resultsPerItem } from './support/resultsPerItem';

const number = (i: number) => String(48500000000 + i);

function entry(submitted: string, withPrefix = submitted, id = `id-${submitted}`): ServiceListEntry {
	return { id, points: '0.165', number: withPrefix, date_sent: 1700000000, submitted_number: submitted, status: 'QUEUE' };
}

describe('distributeResults', () => {
	const batch = splitIntoRequests([
		{ itemIndex: 0, params: { to: ['500000000', '48500000001'], message: 'A' } },
		{ itemIndex: 1, params: { to: ['48500000002'], message: 'A' } },
		{ itemIndex: 2, params: { to: ['48500000003', '48123'], message: 'A' } },
	])[0];

	it('gives each item its entries, national submitted_number included', () => {
		const response = {
			count: 4,
			list: [
				entry('500000000', '48500000000'),
				entry('48500000001'),
				entry('48500000002'),
				entry('48500000003'),
			],
		};
		const { items, unmatched } = resultsPerItem(batch, response);
		expect(unmatched).toEqual([]);
		expect(items.map((i) => i.itemIndex)).toEqual([0, 1, 2]);
		expect(items[0].sent.map((s) => [s.recipientIndex, s.entry.id])).toEqual([
			[0, 'id-500000000'],
			[1, 'id-48500000001'],
		]);
		expect(items[1].sent.map((s) => s.entry.id)).toEqual(['id-48500000002']);
		expect(items[2].sent.map((s) => s.entry.id)).toEqual(['id-48500000003']);
		expect(items[2].skipped).toEqual([
			expect.objectContaining({ recipientIndex: 1, number: '48123', reason: expect.stringMatching(/skipped 48123/) }),
		]);
	});

	it('an answer in request order, each entry with its idx, comes back as its entries: no result per recipient', () => {
		const withIdx = splitIntoRequests([
			{ itemIndex: 0, params: { to: ['500000000', '48500000001'], message: 'A', idx: ['a', 'b'] } },
			{ itemIndex: 1, params: { to: ['48500000002'], message: 'A', idx: ['c'] } },
		])[0];
		const list = [
			{ ...entry('500000000', '48500000000'), idx: 'a' },
			{ ...entry('48500000001'), idx: 'b' },
			{ ...entry('48500000002'), idx: 'c' },
		];
		const ordered = distributeResults(withIdx, { count: 3, list });
		expect(ordered.matched).toBeUndefined();
		expect(ordered.inOrder).toHaveLength(3);
		expect(ordered.inOrder?.every((listed, i) => listed === list[i])).toBe(true);
		// Two entries swapped, or one without its idx: the matching decides.
		const swapped = distributeResults(withIdx, [list[1], list[0], list[2]]);
		expect(swapped.inOrder).toBeUndefined();
		expect(swapped.matched?.items[0].sent.map((sent) => sent.entry.id)).toEqual(['id-500000000', 'id-48500000001']);
		expect(distributeResults(withIdx, [list[0], { ...list[1], idx: undefined }, list[2]]).matched).toBeDefined();
	});

	it('matches through the prefixed number when submitted_number is national', () => {
		// We sent the prefixed form; the service reports a national submitted_number.
		const { items } = resultsPerItem(batch, [
			entry('500000001', '48500000001'),
			entry('500000000', '48500000000'),
			entry('500000002', '48500000002'),
			entry('500000003', '48500000003'),
		]);
		expect(items[0].sent.map((s) => [s.recipientIndex, s.entry.id])).toEqual([
			[0, 'id-500000000'],
			[1, 'id-500000001'],
		]);
		expect(items[1].sent[0].entry.id).toBe('id-500000002');
		expect(items[2].sent[0].entry.id).toBe('id-500000003');
	});

	it('prefers an exact number over a national/international match', () => {
		const both = splitIntoRequests([
			{ itemIndex: 0, params: { to: ['500000001'], message: 'A', allow_duplicates: 1 } },
			{ itemIndex: 1, params: { to: ['48500000001'], message: 'A', allow_duplicates: 1 } },
		])[0];
		const { items } = resultsPerItem(both, [
			{ id: 'for-1', points: 0.1, number: '48500000001' },
			{ id: 'for-0', points: 0.1, number: '500000001' },
		]);
		expect(items[0].sent[0].entry.id).toBe('for-0');
		expect(items[1].sent[0].entry.id).toBe('for-1');
	});

	it('when the whole request fails with 13, reports invalid_numbers per item', () => {
		const { items } = resultsPerItem(batch, {
			error: 13,
			message: 'No correct phone numbers',
			invalid_numbers: [
				{ number: '48500000000', submitted_number: '500000000', message: 'Invalid phone number' },
				{ number: '48500000002', submitted_number: '48500000002', message: 'Landline' },
			],
		});
		expect(items.every((i) => i.sent.length === 0)).toBe(true);
		expect(items[0].skipped[0]).toMatchObject({ recipientIndex: 0, errorCode: 13, reason: expect.stringMatching(/Invalid phone number/) });
		expect(items[1].skipped[0].reason).toMatch(/Landline/);
		expect(items[0].skipped[1]).toMatchObject({ recipientIndex: 1, errorCode: 13, reason: expect.stringMatching(/error 13/) });
	});

	it('reports a repeated number within an item as a duplicate', () => {
		const dup = splitIntoRequests([{ itemIndex: 4, params: { to: ['48500000000', '48500000000'], message: 'A' } }])[0];
		const { items } = resultsPerItem(dup, { list: [entry('48500000000')] });
		expect(items[0].sent).toHaveLength(1);
		expect(items[0].skipped[0]).toMatchObject({ recipientIndex: 1, reason: expect.stringMatching(/more than once/) });
	});

	it('falls back to order when numbers cannot be matched, and never drops an entry', () => {
		const single = splitIntoRequests([{ itemIndex: 0, params: { to: ['48500000000'], message: 'A' } }])[0];
		expect(resultsPerItem(single, [entry('999')]).items[0].sent[0].entry.id).toBe('id-999');
		const { unmatched } = resultsPerItem(single, [entry('48500000000'), entry('777')]);
		expect(unmatched.map((e) => e.id)).toEqual(['id-777']);
	});

	it('with Allow Duplicates, entries go to the recipient whose idx they carry, whatever their order', () => {
		const dup = splitIntoRequests([
			{ itemIndex: 0, params: { to: ['48500000001'], message: 'Hi [%1%]', param1: ['a'], idx: ['i-a'], allow_duplicates: 1 } },
			{ itemIndex: 1, params: { to: ['48500000001'], message: 'Hi [%1%]', param1: ['b'], idx: ['i-b'], allow_duplicates: 1 } },
		])[0];
		expect(dup.members).toHaveLength(2);
		const { items } = resultsPerItem(dup, [
			{ ...entry('48500000001', '48500000001', 'for-b'), idx: 'i-b' },
			{ ...entry('48500000001', '48500000001', 'for-a'), idx: 'i-a' },
		]);
		expect(items.map((item) => item.sent[0].entry.id)).toEqual(['for-a', 'for-b']);
	});

	it('an idx answered for another number is not trusted: the number decides', () => {
		const two = splitIntoRequests([{ itemIndex: 0, params: { to: ['48500000001', '48500000002'], message: 'A', idx: ['x', 'y'] } }])[0];
		const { items } = resultsPerItem(two, [
			{ ...entry('48500000002', '48500000002', 'for-2'), idx: 'x' },
			{ ...entry('48500000001', '48500000001', 'for-1'), idx: 'y' },
		]);
		expect(items[0].sent.map((sent) => [sent.number, sent.entry.id])).toEqual([
			['48500000001', 'for-1'],
			['48500000002', 'for-2'],
		]);
	});

	it('matching stays linear: 10,000 recipients in national form, answered in international form, in reverse', () => {
		const to = Array.from({ length: 10000 }, (_, i) => String(500000000 + i));
		const big = splitIntoRequests([{ itemIndex: 0, params: { to, message: 'A' } }], { maxRecipients: 10000 })[0];
		const answer = to.map((n) => ({ id: `id-${n}`, points: 0.1, number: `48${n}` })).reverse();
		const invalid = to.map((n) => ({ number: `49${n}`, message: 'other' }));
		const start = Date.now();
		const { items } = resultsPerItem(big, { list: answer, invalid_numbers: invalid });
		expect(Date.now() - start).toBeLessThan(2000);
		expect(items[0].sent).toHaveLength(10000);
		expect(items[0].sent.every((sent) => sent.entry.id === `id-${sent.number}`)).toBe(true);
	});

	it('scales to 10,000 recipients', () => {
		const to = Array.from({ length: 10000 }, (_, i) => number(i));
		const big = splitIntoRequests([{ itemIndex: 0, params: { to, message: 'A' } }])[0];
		const { items } = resultsPerItem(big, to.map((n) => entry(n)).reverse());
		expect(items[0].sent).toHaveLength(10000);
		expect(items[0].sent[9999].entry.id).toBe(`id-${number(9999)}`);
	});
});
