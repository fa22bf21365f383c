/**
 * One item of an SMS send read and checked (actions/sms/sendItem.ts, SmsItemReader) in n8n-core's
 * ExecuteContext, nothing sent: the item's numbers cleaned and its Options parsed into the
 * service's parameters; generated idx guarded by check_idx=1, a user's own idx not; a template in
 * place of the message; Neutralize Macros making the macros an expression gave inert, the typed ones
 * kept; and the checks, run once for what every item shares, still run for each item's own message
 * and numbers: an item that is wrong throws with its index, nothing sent.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SmsItemReader } from '../../../nodes/Smsapi/actions/sms/sendItem';
import { executeContext, smsapiNode } from '../../support/n8n-context';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

/** A reader of SMS → Send with these parameters, over these items. */
function reader(parameters: INodeParameters, items: IDataObject[]) {
	const node = smsapiNode({ resource: 'sms', operation: 'send', ...parameters });
	return new SmsItemReader(executeContext({ node, items: items.map((json) => ({ json })) }));
}

/** What reading the item throws, or undefined. */
function refusal(read: () => unknown): { message: string; description?: string; context: IDataObject } | undefined {
	try {
		read();
	} catch (error) {
		return error as { message: string; description?: string; context: IDataObject };
	}
	return undefined;
}

describe('SmsItemReader', () => {
	it("reads the item's numbers, cleaned, its message and its Options as the service's parameters", () => {
		const read = reader({ to: '={{ $json.to }}', message: 'Your order has shipped', options: { from: 'Shop', maxParts: 2, fast: true } }, [{ to: '+48 500-000-001, 0048500000002' }]);
		const { request, generateIdx } = read.read(0);
		expect(request.to).toEqual(['48500000001', '48500000002']);
		expect(request.message).toBe('Your order has shipped');
		expect(request.texts.get('from')).toBe('Shop');
		expect(request.maxParts).toEqual({ value: 2, text: '2' });
		expect(request.flags).toEqual({ fast: true, check_idx: true });
		expect(generateIdx).toBe(true);
	});

	it("a user's own Idx: nothing generated, and check_idx left to the user's Check Idx", () => {
		const { request, generateIdx } = reader({ to: '48500000001', message: 'Hi', options: { idx: 'order-17' } }, [{}]).read(0);
		expect(generateIdx).toBe(false);
		expect(request.perRecipient.idx).toEqual(['order-17']);
		expect(request.flags.check_idx).toBeUndefined();
	});

	it('a template replaces the message: a Message left from before is not sent', () => {
		const { request } = reader({ to: '48500000001', message: 'Old text', options: { template: 'welcome' } }, [{}]).read(0);
		expect(request.message).toBeUndefined();
		expect(request.texts.get('template')).toBe('welcome');
	});

	it("Neutralize Macros: the macros an expression gave are inert in Message and Param 1, the typed ones kept", () => {
		const customer = { to: '48500000001', name: 'Ann [%goto:https://evil.example%]' };
		const parameters = { to: '={{ $json.to }}', message: '=Hi {{ $json.name }}, see [%goto:https://shop.example%]', options: { param1: '={{ $json.name }}' } };
		const defused = reader({ ...parameters, options: { ...parameters.options, neutralizeMacros: true } }, [customer]).read(0).request;
		expect(defused.message).toBe('Hi Ann [ %goto:https://evil.example% ], see [%goto:https://shop.example%]');
		expect(defused.perRecipient.param1).toEqual(['Ann [ %goto:https://evil.example% ]']);
		// Off (the default): as the expression gave it.
		expect(reader(parameters, [customer]).read(0).request.message).toBe('Hi Ann [%goto:https://evil.example%], see [%goto:https://shop.example%]');
	});

	it('a problem of the item throws with its index, saying nothing was sent for it', () => {
		const error = refusal(() => reader({ to: '48500000001', message: 'a'.repeat(307), options: { maxParts: 2 } }, [{}, {}]).read(1));
		expect(error?.message).toMatch(/needs 3 parts, more than the 2 Max Parts allows/);
		expect(error?.description).toBe('Nothing was sent for this item.');
		expect(error?.context.itemIndex).toBe(1);
	});

	it("checks once what every item shares, yet each item's own message and numbers", () => {
		const items = [{ to: '48500000001', text: 'short' }, { to: '48500000002', text: 'b'.repeat(307) }, { to: '123', text: 'short' }];
		const read = reader({ to: '={{ $json.to }}', message: '={{ $json.text }}', options: { maxParts: 2 } }, items);
		expect(read.read(0).request.to).toEqual(['48500000001']);
		expect(refusal(() => read.read(1))?.message).toMatch(/needs 3 parts/);
		expect(refusal(() => read.read(2))?.message).toMatch(/"123" has 3 digits/);
		// The same constant Options and message for every item: the second is not checked again, but read.
		const same = reader({ to: '={{ $json.to }}', message: 'Hi', options: { from: 'Shop' } }, items);
		expect(same.read(0).request.to).toEqual(['48500000001']);
		expect(same.read(1).request.to).toEqual(['48500000002']);
		expect(refusal(() => same.read(2))?.message).toMatch(/"123" has 3 digits/);
	});
});
