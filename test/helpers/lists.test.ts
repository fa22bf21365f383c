/**
 * The entries of a list answer (helpers/lists.ts): a legacy endpoint's bare array and a REST
 * endpoint's `{size, collection}`, objects only; anything else none; the REST size when given.
 */
import { listEntries, listSize } from '../../nodes/Smsapi/helpers/lists';

describe('list answers', () => {
	it('reads the entries of both shapes, objects only', () => {
		expect(listEntries([{ id: '1' }, null, 'x', { id: '2' }])).toEqual([{ id: '1' }, { id: '2' }]);
		expect(listEntries({ size: 2, collection: [{ id: 'a' }, 7] })).toEqual([{ id: 'a' }]);
		for (const nothing of [undefined, null, 'text', { collection: 'x' }, { items: [{ id: 1 }] }]) expect(listEntries(nothing)).toEqual([]);
	});

	it("gives the REST list's size when it is a number", () => {
		expect(listSize({ size: 120, collection: [] })).toBe(120);
		expect([listSize({ size: '120' }), listSize([]), listSize(undefined)]).toEqual([undefined, undefined, undefined]);
	});
});
