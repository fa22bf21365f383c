import { createHash } from 'node:crypto';

import { type ItemSendRequest, shareRequest, splitIntoRequests } from '../support/looseSend';
import { generateIdx } from '../../nodes/Smsapi/send/idx/generatedIdx';
import { type ServiceListEntry, distributeResults } from '../../nodes/Smsapi/send/results';

const number = (i: number) => String(48500000000 + i);

function entry(submitted: string, withPrefix = submitted, id = `id-${submitted}`): ServiceListEntry {
	return { id, points: '0.165', number: withPrefix, date_sent: 1700000000, submitted_number: submitted, status: 'QUEUE' };
}

describe('splitIntoRequests', () => {
	it('1,000 items of 10 short (national) numbers are planned in linear time', () => {
		const items: ItemSendRequest[] = Array.from({ length: 1000 }, (_, i) => ({
			itemIndex: i,
			params: { to: Array.from({ length: 10 }, (_, j) => String(5000000 + i * 10 + j)), message: 'Same' },
		}));
		const start = Date.now();
		const requests = splitIntoRequests(items);
		// Quadratic: about 3.5 s here; linear: a few milliseconds.
		expect(Date.now() - start).toBeLessThan(1000);
		expect(requests).toHaveLength(1);
		expect(requests[0].recipients).toBe(10000);
	});

	it('a national and an international form of one number never share a request (no allow_duplicates)', () => {
		const requests = splitIntoRequests([
			{ itemIndex: 0, params: { to: ['5000001'], message: 'A' } },
			{ itemIndex: 1, params: { to: ['485000001'], message: 'A' } },
			{ itemIndex: 2, params: { to: ['05000001'], message: 'A' } },
			{ itemIndex: 3, params: { to: ['48600000002'], message: 'A' } },
			{ itemIndex: 4, params: { to: ['600000002'], message: 'A' } },
		]);
		expect(requests.map((request) => request.members.map((member) => member.itemIndex))).toEqual([[0], [1], [2, 3], [4]]);
	});

	it('1,000 items with the same message → 1 request, in input order', () => {
		const items: ItemSendRequest[] = Array.from({ length: 1000 }, (_, i) => ({
			itemIndex: i,
			params: { to: [number(i)], message: 'Same for everyone', fast: true },
		}));
		const requests = splitIntoRequests(items);
		expect(requests).toHaveLength(1);
		expect(requests[0].recipients).toBe(1000);
		expect(requests[0].params.to.split(',')).toEqual(items.map((_, i) => number(i)));
		expect(requests[0].params).toMatchObject({ message: 'Same for everyone', fast: '1' });
		expect(requests[0].members.map((m) => m.itemIndex)).toEqual(items.map((_, i) => i));
		expect(requests[0].members[7]).toEqual({ itemIndex: 7, recipientIndexes: [0], numbers: [number(7)] });
	});

	it('1,000 personalised items → 10 requests of 100, values pipe-joined in recipient order', () => {
		const items: ItemSendRequest[] = Array.from({ length: 1000 }, (_, i) => ({
			itemIndex: i,
			params: { to: [number(i)], message: 'Hi [%1%]', param1: [`name${i}`], idx: [`idx${i}`] },
		}));
		const requests = splitIntoRequests(items);
		expect(requests).toHaveLength(10);
		for (const request of requests) expect(request.recipients).toBe(100);
		expect(requests[3].params.param1.split('|')).toEqual(Array.from({ length: 100 }, (_, i) => `name${300 + i}`));
		expect(requests[3].params.idx.split('|')[0]).toBe('idx300');
		expect(requests[3].params.to.split(',')[0]).toBe(number(300));
	});

	it('a short link limits a request to 100 recipients', () => {
		const items: ItemSendRequest[] = Array.from({ length: 150 }, (_, i) => ({
			itemIndex: i,
			params: { to: [number(i)], message: 'Go [%goto:https://example.com%]' },
		}));
		expect(splitIntoRequests(items).map((r) => r.recipients)).toEqual([100, 50]);
	});

	it('items differing in message (or any other parameter) go separately', () => {
		const requests = splitIntoRequests([
			{ itemIndex: 0, params: { to: [number(0)], message: 'A' } },
			{ itemIndex: 1, params: { to: [number(1)], message: 'B' } },
			{ itemIndex: 2, params: { to: [number(2)], message: 'A' } },
			{ itemIndex: 3, params: { to: [number(3)], message: 'A', from: 'Shop' } },
			{ itemIndex: 4, params: { to: [number(4)], message: 'A', idx: ['x'] } },
		]);
		expect(requests.map((r) => r.members.map((m) => m.itemIndex))).toEqual([[0, 2], [1], [3], [4]]);
		expect(requests[0].params).toEqual({ to: `${number(0)},${number(2)}`, message: 'A' });
	});

	it('the batch key ignores recipients and their values but not the other parameters', () => {
		expect(shareRequest({ to: ['1'], message: 'A', param1: ['x'] }, { to: ['2', '3'], message: 'A', param1: ['y', 'z'] })).toBe(true);
		expect(shareRequest({ to: ['1'], message: 'A', fast: true }, { to: ['2'], message: 'A', fast: 1 })).toBe(true);
		expect(shareRequest({ to: ['1'], message: 'A' }, { to: ['2'], message: 'A', param1: ['x'] })).toBe(false);
		expect(shareRequest({ to: ['1'], message: 'A' }, { to: ['2'], message: 'A', test: 1 })).toBe(false);
	});

	it('one item with 10,001 recipients → 2 requests (10,000 + 1)', () => {
		const to = Array.from({ length: 10001 }, (_, i) => number(i));
		const requests = splitIntoRequests([{ itemIndex: 0, params: { to, message: 'Bulk' } }]);
		expect(requests.map((r) => r.recipients)).toEqual([10000, 1]);
		expect(requests[1].members).toEqual([{ itemIndex: 0, recipientIndexes: [10000], numbers: [number(10000)] }]);
		expect(requests[1].params.to).toBe(number(10000));
	});

	it('splits a large personalised item with its values aligned', () => {
		const to = Array.from({ length: 250 }, (_, i) => number(i));
		const requests = splitIntoRequests([
			{ itemIndex: 5, params: { to, message: 'Hi [%1%]', param1: to.map((_, i) => `v${i}`) } },
		]);
		expect(requests.map((r) => r.recipients)).toEqual([100, 100, 50]);
		expect(requests[2].params.param1.split('|')[0]).toBe('v200');
		expect(requests[2].members[0].recipientIndexes[0]).toBe(200);
	});

	it('never splits an item that fits: it starts a new request instead', () => {
		const item = (i: number): ItemSendRequest => ({
			itemIndex: i,
			params: {
				to: Array.from({ length: 60 }, (_, r) => number(i * 100 + r)),
				message: 'Hi [%1%]',
				param1: Array.from({ length: 60 }, () => 'x'),
			},
		});
		const requests = splitIntoRequests([item(0), item(1), item(2)]);
		expect(requests.map((r) => r.members.map((m) => m.itemIndex))).toEqual([[0], [1], [2]]);
	});

	it('keeps the same number of two items apart (the service would send it once)', () => {
		const requests = splitIntoRequests([
			{ itemIndex: 0, params: { to: ['48500000000'], message: 'A' } },
			{ itemIndex: 1, params: { to: ['500000000'], message: 'A' } },
			{ itemIndex: 2, params: { to: ['48500000001'], message: 'A' } },
		]);
		expect(requests.map((r) => r.members.map((m) => m.itemIndex))).toEqual([[0], [1, 2]]);
		const allowed = splitIntoRequests([
			{ itemIndex: 0, params: { to: ['48500000000'], message: 'A', allow_duplicates: 1 } },
			{ itemIndex: 1, params: { to: ['48500000000'], message: 'A', allow_duplicates: 1 } },
		]);
		expect(allowed).toHaveLength(1);
	});

	it('with batching off every item has its own request', () => {
		const items: ItemSendRequest[] = [0, 1, 2].map((i) => ({ itemIndex: i, params: { to: [number(i)], message: 'A' } }));
		expect(splitIntoRequests(items, { batching: false })).toHaveLength(3);
	});

	it('group sends and misaligned values go alone, as given', () => {
		const requests = splitIntoRequests([
			{ itemIndex: 0, params: { group: 'VIP', message: 'A' } },
			{ itemIndex: 1, params: { group: 'VIP', message: 'A' } },
			{ itemIndex: 2, params: { to: [number(2), number(3)], message: 'Hi [%1%]', param1: ['only one'] } },
			{ itemIndex: 3, params: { to: [number(4)], message: 'Hi [%1%]', param1: ['ok'] } },
		]);
		expect(requests.map((r) => r.members.map((m) => m.itemIndex))).toEqual([[0], [1], [2], [3]]);
		expect(requests[0].params).toEqual({ group: 'VIP', message: 'A' });
		expect(requests[2].params).toMatchObject({ to: `${number(2)},${number(3)}`, param1: 'only one' });
	});

	it('accepts comma- and pipe-separated strings', () => {
		const requests = splitIntoRequests([
			{ itemIndex: 0, params: { to: `${number(0)},${number(1)}`, message: 'Hi [%1%]', param1: 'a|b' } },
		]);
		expect(requests[0].params).toMatchObject({ to: `${number(0)},${number(1)}`, param1: 'a|b' });
	});
});

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
		const { items, unmatched } = distributeResults(batch, response);
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

	it('matches through the prefixed number when submitted_number is national', () => {
		// We sent the prefixed form; the service reports a national submitted_number.
		const { items } = distributeResults(batch, [
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
		const { items } = distributeResults(both, [
			{ id: 'for-1', points: 0.1, number: '48500000001' },
			{ id: 'for-0', points: 0.1, number: '500000001' },
		]);
		expect(items[0].sent[0].entry.id).toBe('for-0');
		expect(items[1].sent[0].entry.id).toBe('for-1');
	});

	it('when the whole request fails with 13, reports invalid_numbers per item', () => {
		const { items } = distributeResults(batch, {
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
		const { items } = distributeResults(dup, { list: [entry('48500000000')] });
		expect(items[0].sent).toHaveLength(1);
		expect(items[0].skipped[0]).toMatchObject({ recipientIndex: 1, reason: expect.stringMatching(/more than once/) });
	});

	it('falls back to order when numbers cannot be matched, and never drops an entry', () => {
		const single = splitIntoRequests([{ itemIndex: 0, params: { to: ['48500000000'], message: 'A' } }])[0];
		expect(distributeResults(single, [entry('999')]).items[0].sent[0].entry.id).toBe('id-999');
		const { unmatched } = distributeResults(single, [entry('48500000000'), entry('777')]);
		expect(unmatched.map((e) => e.id)).toEqual(['id-777']);
	});

	it('with Allow Duplicates, entries go to the recipient whose idx they carry, whatever their order', () => {
		const dup = splitIntoRequests([
			{ itemIndex: 0, params: { to: ['48500000001'], message: 'Hi [%1%]', param1: ['a'], idx: ['i-a'], allow_duplicates: 1 } },
			{ itemIndex: 1, params: { to: ['48500000001'], message: 'Hi [%1%]', param1: ['b'], idx: ['i-b'], allow_duplicates: 1 } },
		])[0];
		expect(dup.members).toHaveLength(2);
		const { items } = distributeResults(dup, [
			{ ...entry('48500000001', '48500000001', 'for-b'), idx: 'i-b' },
			{ ...entry('48500000001', '48500000001', 'for-a'), idx: 'i-a' },
		]);
		expect(items.map((item) => item.sent[0].entry.id)).toEqual(['for-a', 'for-b']);
	});

	it('an idx answered for another number is not trusted: the number decides', () => {
		const two = splitIntoRequests([{ itemIndex: 0, params: { to: ['48500000001', '48500000002'], message: 'A', idx: ['x', 'y'] } }])[0];
		const { items } = distributeResults(two, [
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
		const { items } = distributeResults(big, { list: answer, invalid_numbers: invalid });
		expect(Date.now() - start).toBeLessThan(2000);
		expect(items[0].sent).toHaveLength(10000);
		expect(items[0].sent.every((sent) => sent.entry.id === `id-${sent.number}`)).toBe(true);
	});

	it('scales to 10,000 recipients', () => {
		const to = Array.from({ length: 10000 }, (_, i) => number(i));
		const big = splitIntoRequests([{ itemIndex: 0, params: { to, message: 'A' } }])[0];
		const { items } = distributeResults(big, to.map((n) => entry(n)).reverse());
		expect(items[0].sent).toHaveLength(10000);
		expect(items[0].sent[9999].entry.id).toBe(`id-${number(9999)}`);
	});
});

describe('generateIdx', () => {
	it('is unique, a-z0-9 only, well under 255 characters', () => {
		const values = new Set(Array.from({ length: 1000 }, () => generateIdx()));
		expect(values.size).toBe(1000);
		for (const value of values) expect(value).toMatch(/^[a-z0-9]{32}$/);
	});

	it('from a seed: the first 32 hex digits of its SHA-256, as every version before derived it (a retry after an upgrade repeats the same idx)', () => {
		const seeds = ['', 'x', '["instance","wf","1","node","0","hash"]:7:0:48500100000', 'zażółć 😀 \u0000', 'a'.repeat(10_000)];
		for (const seed of seeds) {
			expect(generateIdx(seed)).toBe(createHash('sha256').update(seed).digest('hex').slice(0, 32));
		}
		expect(generateIdx('["i","w","e","n","0","c"]:0:0:48500100000')).toBe('1ba14e89064f747b830dbd83fc4a55e5');
	});
});
