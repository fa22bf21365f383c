/**
 * What Send and Wait for Approval asks (approval/question.ts), resolved once when it sends in
 * n8n-core's ExecuteContext: the response type, the page's title and description (the message
 * when not set), the buttons' labels (a decline only for Approve and Decline), a custom form's
 * fields; an unknown response type refused before anything is sent; the question kept in the
 * waiting item read back only in the shape it was written.
 */
import type { INodeParameters } from 'n8n-workflow';

import { readQuestion, storedQuestion } from '../../nodes/Smsapi/approval/question';
import { executeContext, smsapiNode } from '../support/n8n-context';

const asked = (parameters: INodeParameters) =>
	readQuestion.call(executeContext({ node: smsapiNode({ resource: 'sms', operation: 'sendAndWait', to: '48500000001', message: 'Approve the refund?', ...parameters }, { typeVersion: 1.2 }) }), 0, 'Approve the refund?');

describe('the question', () => {
	it("an approval with n8n's defaults: the message as the description, Approve alone", () => {
		expect(asked({})).toEqual({
			responseType: 'approval',
			message: 'Approve the refund?',
			title: 'Approval requested',
			description: 'Approve the refund?',
			approveLabel: 'Approve',
			submitLabel: 'Submit',
			fields: [],
		});
	});

	it('Approve and Decline with their labels; a free text with the page texts of its options', () => {
		const question = asked({ approvalOptions: { values: { approvalType: 'double', approveLabel: 'Yes', disapproveLabel: 'No' } } });
		expect(question).toMatchObject({ approveLabel: 'Yes', declineLabel: 'No' });
		const freeText = asked({ responseType: 'freeText', options: { responseFormTitle: 'Refund', responseFormDescription: ' Order 42 ', responseFormButtonLabel: 'Send' } });
		expect(freeText).toMatchObject({ responseType: 'freeText', title: 'Refund', description: 'Order 42', submitLabel: 'Send' });
		expect(freeText).not.toHaveProperty('declineLabel');
	});

	it("a custom form's fields; an unknown response type refused", () => {
		const form = asked({ responseType: 'customForm', formFields: { values: [{ fieldLabel: 'Reason', fieldType: 'text', requiredField: true }] } });
		expect(form.fields).toEqual([expect.objectContaining({ label: 'Reason', type: 'text', required: true })]);
		expect(() => asked({ responseType: 'poll' })).toThrow('Unknown Response Type "poll"');
	});

	it('reads a kept question back only in the shape it was written', () => {
		const kept = asked({});
		expect(storedQuestion(JSON.parse(JSON.stringify(kept)))).toEqual(kept);
		for (const broken of [null, 'x', { ...kept, responseType: 'poll' }, { ...kept, title: 7 }, { ...kept, fields: 'none' }, { ...kept, declineLabel: 1 }, { ...kept, responseType: 'customForm', fields: [] }]) {
			expect(storedQuestion(broken)).toBeUndefined();
		}
	});
});
