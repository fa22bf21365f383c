/**
 * The answer a POST from the answer page carries (approval/submittedAnswer.ts), in the shape of
 * n8n's own Send and Wait operations: `{ approved }` for an approval (decline only where the
 * question offers it), `{ text }` for free text (required, line breaks counted as the page counts
 * them, at most its limit), the fields by label for a custom form; the fields of a multipart page
 * (n8n's `{ data, files }`) or a urlencoded one; what to correct otherwise.
 */
import { MAX_ANSWER_LENGTH } from '../../nodes/Smsapi/approval/formFields';
import type { Question } from '../../nodes/Smsapi/approval/question';
import { ANSWER_FIELD, APPROVE, DECLINE, readAnswer, submittedFields, TEXT_FIELD } from '../../nodes/Smsapi/approval/submittedAnswer';

const question = (overrides: Partial<Question> = {}): Question => ({
	responseType: 'approval',
	message: 'Approve the refund?',
	title: 'Approval requested',
	description: 'Approve the refund?',
	approveLabel: 'Approve',
	declineLabel: 'Decline',
	submitLabel: 'Submit',
	fields: [],
	...overrides,
});

describe('the submitted answer', () => {
	it('an approval: approve, or decline where the question offers it; anything else, a button to choose', () => {
		expect(readAnswer(question(), { [ANSWER_FIELD]: APPROVE })).toEqual({ data: { approved: true } });
		expect(readAnswer(question(), { [ANSWER_FIELD]: DECLINE })).toEqual({ data: { approved: false } });
		expect(readAnswer(question({ declineLabel: undefined }), { [ANSWER_FIELD]: DECLINE })).toEqual({ problems: ['Choose one of the buttons.'] });
		expect(readAnswer(question(), { [ANSWER_FIELD]: ['approve'] })).toEqual({ problems: ['Choose one of the buttons.'] });
	});

	it('free text: required, with line breaks as the page counts them, at most its limit', () => {
		const freeText = question({ responseType: 'freeText' });
		expect(readAnswer(freeText, { [TEXT_FIELD]: 'Yes,\r\nrefund it' })).toEqual({ data: { text: 'Yes,\nrefund it' } });
		expect(readAnswer(freeText, { [TEXT_FIELD]: '   ' })).toEqual({ problems: ['Write your answer.'] });
		expect(readAnswer(freeText, { [TEXT_FIELD]: 'x'.repeat(MAX_ANSWER_LENGTH + 1) })).toEqual({ problems: [`The answer is longer than ${MAX_ANSWER_LENGTH} characters.`] });
	});

	it('a custom form: its fields by label', () => {
		const form = question({ responseType: 'customForm', fields: [{ label: 'Reason', type: 'text', required: true }] });
		expect(readAnswer(form, { 'field-0': 'late delivery' })).toEqual({ data: { Reason: 'late delivery' } });
		expect(readAnswer(form, {})).toEqual({ problems: [expect.stringContaining('Reason')] });
	});

	it("reads the fields of a multipart page from n8n's { data, files }, a urlencoded one as it is, nothing else", () => {
		expect(submittedFields({ data: { answer: 'approve' }, files: {} })).toEqual({ answer: 'approve' });
		expect(submittedFields({ answer: 'approve' })).toEqual({ answer: 'approve' });
		expect([submittedFields('answer=approve'), submittedFields(null), submittedFields(['x'])]).toEqual([{}, {}, {}]);
		expect(readAnswer(question(), { data: { [ANSWER_FIELD]: APPROVE } })).toEqual({ data: { approved: true } });
	});
});
