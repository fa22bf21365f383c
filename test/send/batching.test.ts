/**
 * Item batching (send/batching.ts), driven from loose parameters (test/support/looseSend.ts): which
 * items' sends share a service request and which go alone, the limits of a request (recipients,
 * personalised recipients, short links), the same number kept apart, values kept aligned, and a
 * plan in linear time. How the answer goes back to the items: results.test.ts.
 */
import { type ItemSendRequest, shareRequest, splitIntoRequests } from '../support/looseSend';

const number = (i: number) => String(48500000000 + i);

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
