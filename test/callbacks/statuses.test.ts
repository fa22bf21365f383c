/**
 * The delivery status table (callbacks/statuses.ts): the codes and names of the published API, and
 * which statuses are final. The trigger's Statuses filter and Send and Wait for Delivery read it.
 */
import { DELIVERY_STATUSES, resolveStatus } from '../../nodes/Smsapi/callbacks/statuses';

describe('status table', () => {
	it('names codes as the spec does and knows which are final', () => {
		expect(resolveStatus(404, null)).toMatchObject({ name: 'DELIVERED', final: true });
		expect(resolveStatus(409, null)).toMatchObject({ name: 'QUEUE', final: false });
		expect(resolveStatus(410, null)).toMatchObject({ name: 'ACCEPTED', final: false });
		expect(resolveStatus(null, 'undelivered')).toMatchObject({ code: 405 });
		expect(resolveStatus(411, 'RENEWAL')).toBeUndefined();
		expect(DELIVERY_STATUSES.map((status) => status.code)).toEqual([401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 412]);
	});
});
