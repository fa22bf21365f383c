/**
 * The callback registry's data as the published API describes it (trigger/registryEntries.ts,
 * panel_com.yml `/callbacks`): list answers read in the published shape and the others, the create
 * body exactly as published, and the receiving numbers of an OPTIONS /callbacks answer.
 */
import { createCallbackBody, readCallbackList, readReceivingNumbers } from '../../nodes/Smsapi/trigger/registryEntries';

describe('the registry\'s data', () => {
	it('reads list answers: the published {size, collection} with nested or flat receiver, and other shapes', () => {
		const entry = { id: '0f0f0f0f0f0f0f0f0f0f0f0f', type: 'sms_mo', url: 'u', receiver: { type: 'number', number: '123' }, active: true };
		expect(readCallbackList({ size: 1, collection: [entry] })).toEqual([
			{ id: '0f0f0f0f0f0f0f0f0f0f0f0f', type: 'sms_mo', url: 'u', receiver: { type: 'number', number: '123' } },
		]);
		expect(readCallbackList([{ id: 1, type: 'sms_mo', url: 'u', receiver_type: '2way' }])).toEqual([
			{ id: '1', type: 'sms_mo', url: 'u', receiver: { type: '2way' } },
		]);
		expect(readCallbackList([{ id: 2, type: 'hlr', url: 'u', receiver: null }])).toEqual([{ id: '2', type: 'hlr', url: 'u', receiver: undefined }]);
		expect(readCallbackList({ size: 0 })).toEqual([]);
		expect(readCallbackList('nonsense')).toEqual([]);
		expect(readCallbackList([{ type: 'no id' }, null])).toEqual([]);
	});

	it('builds exactly the published create body', () => {
		const target = { type: 'sms_mo', url: 'https://x/mo/s', queryUrl: 'https://x/mo?secret=s' };
		expect(createCallbackBody({ ...target, receiver: { type: 'number', number: '48500' } })).toEqual({
			type: 'sms_mo',
			url: 'https://x/mo/s',
			receiver_type: 'number',
			receiver_number: '48500',
		});
		expect(createCallbackBody({ ...target, type: 'hlr' })).toEqual({ type: 'hlr', url: 'https://x/mo/s' });
	});

	it('reads the receiving numbers of an OPTIONS /callbacks answer', () => {
		const data = { post: { type: ['sms_mo'], receiver_type: ['all', 'number'], receiver_number: ['123123123', '123123124'], receive_numbers: { sms: ['123123123'], mms: ['789789789'] } } };
		expect(readReceivingNumbers(data)).toEqual(['123123123', '123123124', '789789789']);
		expect(readReceivingNumbers({ post: { receive_numbers: [] } })).toEqual([]);
		expect(readReceivingNumbers(null)).toEqual([]);
	});

});
