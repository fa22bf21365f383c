/**
 * REST lists read page by page (transport/paging.ts) with the transport's request mocked: each
 * page asked for with offset and limit; a next page when the service's size says so (without size,
 * when the page came full); all entries up to a limit, the pages after the first asked for in
 * parallel and joined in offset order, one page at a time when the
 * service caps its pages lower or the list shrinks meanwhile; a failed page fails the whole read.
 */
import type { IDataObject } from 'n8n-workflow';

import { smsapiApiRequestAllItems, smsapiApiRequestPage } from '../../nodes/Smsapi/transport/paging';
import { smsapiApiRequest } from '../../nodes/Smsapi/transport/smsapiApiRequest';
import type { SmsapiContext, SmsapiRequest } from '../../nodes/Smsapi/transport/types';

jest.mock('../../nodes/Smsapi/transport/smsapiApiRequest', () => ({ smsapiApiRequest: jest.fn() }));

const request = smsapiApiRequest as unknown as jest.Mock;
const context = {} as SmsapiContext;
const list: SmsapiRequest = { method: 'GET', endpoint: 'contacts', qs: { q: 'anna' }, safeToRepeat: true };
const entries = (from: number, count: number) => Array.from({ length: count }, (_, index) => ({ id: String(from + index) }));

/** A service of `total` entries that serves at most `cap` a page, with or without its size. */
function service(total: number, { cap = Infinity, withSize = true } = {}) {
	request.mockImplementation(async (sent: SmsapiRequest) => {
		const { offset, limit } = sent.qs as { offset: number; limit: number };
		const page = entries(offset, Math.max(0, Math.min(limit, cap, total - offset)));
		return { data: withSize ? { size: total, collection: page } : page, meta: {} };
	});
}
/** The mock is called as smsapiApiRequest.call(context, request): its first argument is the request. */
const offsets = () => request.mock.calls.map(([sent]) => (sent as SmsapiRequest).qs as IDataObject).map((qs) => [qs.offset, qs.limit]);

beforeEach(() => request.mockReset());

describe('one page', () => {
	it('asks with offset and limit beside the request\'s own query, and tells where the next page starts', async () => {
		service(25);
		await expect(smsapiApiRequestPage.call(context, list, 10, 10)).resolves.toEqual({ entries: entries(10, 10), nextOffset: 20, size: 25 });
		expect(request.mock.calls[0][0]).toEqual({ ...list, qs: { q: 'anna', offset: 10, limit: 10 } });
		await expect(smsapiApiRequestPage.call(context, list, 20, 10)).resolves.toEqual({ entries: entries(20, 5), size: 25 });
	});

	it('without the size, a full page has a next one, a short one has none', async () => {
		service(15, { withSize: false });
		await expect(smsapiApiRequestPage.call(context, list, 0, 10)).resolves.toEqual({ entries: entries(0, 10), nextOffset: 10, size: undefined });
		await expect(smsapiApiRequestPage.call(context, list, 10, 10)).resolves.toEqual({ entries: entries(10, 5), size: undefined });
	});
});

describe('all entries', () => {
	it('reads every page, the later ones in parallel after the first told the size, in offset order', async () => {
		service(95);
		const all = await smsapiApiRequestAllItems.call(context, list, { limit: Infinity, pageSize: 20 });
		expect(all).toEqual(entries(0, 95));
		expect(offsets()).toEqual([
			[0, 20],
			[20, 20],
			[40, 20],
			[60, 20],
			[80, 20],
		]);
	});

	it('stops at the limit, asking the last page only for what is left', async () => {
		service(95);
		await expect(smsapiApiRequestAllItems.call(context, list, { limit: 30, pageSize: 20 })).resolves.toEqual(entries(0, 30));
		expect(offsets()).toEqual([
			[0, 20],
			[20, 10],
		]);
	});

	it('takes the first page\'s length as the step when the service caps pages lower than asked', async () => {
		service(25, { cap: 10 });
		await expect(smsapiApiRequestAllItems.call(context, list, { limit: Infinity, pageSize: 100 })).resolves.toEqual(entries(0, 25));
		expect(offsets().map(([offset]) => offset)).toEqual([0, 10, 20]);
	});

	it('without the size, reads one page at a time until a short one', async () => {
		service(45, { withSize: false });
		await expect(smsapiApiRequestAllItems.call(context, list, { limit: Infinity, pageSize: 20 })).resolves.toEqual(entries(0, 45));
		expect(offsets().map(([offset]) => offset)).toEqual([0, 20, 40]);
	});

	it('a failed page fails the whole read', async () => {
		service(95);
		const serve = request.getMockImplementation()!;
		request.mockImplementation(async (sent: SmsapiRequest) => {
			if ((sent.qs as IDataObject).offset === 40) throw new Error('page 3 failed');
			return await serve(sent);
		});
		await expect(smsapiApiRequestAllItems.call(context, list, { limit: Infinity, pageSize: 20 })).rejects.toThrow('page 3 failed');
	});
});
