/**
 * What MMS and voice sends share with SMS (send/media.ts): their Options, only the SMS send options
 * that mms.do and vms.do take, the node's limits and the channel's own, sorted by name; and one
 * item's send read in n8n-core's ExecuteContext: its recipients cleaned, the channel's content set,
 * of its Options only the shared ones sent, idx generated under check_idx=1 unless the user gave
 * one, and a date that is not one or Idx values that do not match the recipients refused for the
 * item, nothing sent.
 */
import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';

import { mediaSendOptions, readMediaSend } from '../../nodes/Smsapi/send/media';
import { executeContext, smsapiNode } from '../support/n8n-context';

const subjectOption: INodeProperties = { displayName: 'Subject', name: 'subject', type: 'string', default: '' };

/** Item 0 of MMS → Send to `to`, read with these Options and this content. */
function read(to: string, options: IDataObject, content: Record<string, string | number> = { subject: 'Offer', smil: '<smil/>' }) {
	const node = smsapiNode({ resource: 'mms', operation: 'send', to, options: options as INodeParameters });
	return readMediaSend.call(executeContext({ node }), 0, options, content);
}

describe('MMS and voice sends', () => {
	it('Options: the shared send options, the limits of a run and the channel’s own, sorted by name', () => {
		const options = mediaSendOptions([subjectOption]);
		expect(options.map((option) => option.displayName)).toEqual([
			'Check Idx',
			'Date',
			'Date Validate',
			'Idx',
			'Item Batching',
			'Max Parallel Requests',
			'Max Recipients per Item',
			'Notify URL',
			'Subject',
			'Test',
		]);
	});

	it("an item's send: its numbers cleaned, the channel's content, only the shared Options, a generated idx under check_idx=1", () => {
		const { request, generateIdx } = read('+48 500 000 001, 48500000002', { test: true, date: '2030-01-31T10:00:00Z', notifyUrl: 'https://n8n.example.com/dlr', fast: true, from: 'Shop', maxParts: 3 });
		expect(request.to).toEqual(['48500000001', '48500000002']);
		expect(request.order).toEqual(['test', 'date', 'notify_url', 'date_validate', 'to', 'subject', 'smil', 'check_idx']);
		expect(Object.fromEntries(request.texts)).toEqual({ notify_url: 'https://n8n.example.com/dlr', subject: 'Offer', smil: '<smil/>' });
		expect(request.flags).toEqual({ test: true, date_validate: true, check_idx: true });
		expect(generateIdx).toBe(true);
	});

	it("the user's own Idx, one per recipient: nothing generated, check_idx as the user set it", () => {
		const { request, generateIdx } = read('48500000001, 48500000002', { idx: 'a1|b2' }, { tts: 'Hello', tts_lector: 'ewa' });
		expect(generateIdx).toBe(false);
		expect(request.perRecipient.idx).toEqual(['a1', 'b2']);
		expect(request.flags.check_idx).toBeUndefined();
		expect(request.texts.get('tts_lector')).toBe('ewa');
	});

	it('refuses a date that is not one, and Idx values that do not match the recipients, for the item', () => {
		const nothingSent = (message: RegExp) => expect.objectContaining({ message: expect.stringMatching(message), description: 'Nothing was sent for this item.', context: expect.objectContaining({ itemIndex: 0 }) });
		expect(() => read('48500000001', { date: 'tomorrow' })).toThrow(nothingSent(/The send date "tomorrow" is not a date/));
		expect(() => read('48500000001, 48500000002, 48500000003', { idx: 'a1|b2' })).toThrow(nothingSent(/^idx has 2 values for 3 recipients/));
	});
});
