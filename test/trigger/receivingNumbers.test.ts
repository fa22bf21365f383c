/**
 * The Receiving Number dropdown (trigger/receivingNumbers.ts), through the trigger's
 * `methods.loadOptions` with the transport mocked (support/registry-setup.ts): the numbers of
 * OPTIONS /callbacks, sorted.
 */
import { answer, request, trigger, useRegistryTrigger } from './support/registry-setup';

useRegistryTrigger();

describe('the Receiving Number dropdown', () => {
	it('lists the numbers of OPTIONS /callbacks, sorted', async () => {
		request.mockResolvedValueOnce(answer({ post: { receiver_number: ['48799599599', '48500100100'] } }));
		const options = await trigger.methods!.loadOptions!.getReceivingNumbers.call({} as never);
		expect(request).toHaveBeenCalledWith({ method: 'OPTIONS', endpoint: 'callbacks', safeToRepeat: true });
		expect(options).toEqual([
			{ name: '48500100100', value: '48500100100' },
			{ name: '48799599599', value: '48799599599' },
		]);
	});
});
