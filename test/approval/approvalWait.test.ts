/**
 * Send and Wait for Approval without n8n: its time limit (n8n's Limit Wait Time values) and the
 * question kept in the waiting item, which the answer page is built from.
 */
import { approvalLimit, answeredItem, waitingApproval, waitingForAnswer } from '../../nodes/Smsapi/approval/approvalWait';
import type { Question } from '../../nodes/Smsapi/approval/question';

const NOW = new Date('2030-01-01T12:00:00.000Z');

describe('approvalLimit', () => {
	it('no Limit Wait Time: no limit (n8n waits until an answer)', () => {
		expect(approvalLimit({}, NOW)).toEqual({});
	});

	it.each([
		[{ limitType: 'afterTimeInterval', resumeAmount: 45, resumeUnit: 'minutes' }, '2030-01-01T12:45:00.000Z'],
		[{ limitType: 'afterTimeInterval', resumeAmount: 1.5, resumeUnit: 'hours' }, '2030-01-01T13:30:00.000Z'],
		[{ limitType: 'afterTimeInterval', resumeAmount: 2, resumeUnit: 'days' }, '2030-01-03T12:00:00.000Z'],
		[{ resumeAmount: 0.1, resumeUnit: 'minutes' }, '2030-01-01T12:00:06.000Z'],
		[{ limitType: 'atSpecifiedTime', maxDateAndTime: '2030-01-02T08:00:00.000Z' }, '2030-01-02T08:00:00.000Z'],
	])('%j ends at %s', (limit, until) => {
		expect(approvalLimit(limit, NOW)).toEqual({ until: new Date(until) });
	});

	it.each([
		{ limitType: 'afterTimeInterval', resumeAmount: 0, resumeUnit: 'minutes' },
		{ limitType: 'afterTimeInterval', resumeAmount: -1, resumeUnit: 'hours' },
		{ limitType: 'afterTimeInterval', resumeAmount: 'soon', resumeUnit: 'hours' },
		{ limitType: 'afterTimeInterval', resumeAmount: 1, resumeUnit: 'weeks' },
		{ limitType: 'afterTimeInterval', resumeAmount: 1e300, resumeUnit: 'days' },
		{ limitType: 'atSpecifiedTime', maxDateAndTime: 'tomorrow' },
		{ limitType: 'atSpecifiedTime', maxDateAndTime: '2029-12-31T00:00:00Z' },
		{ limitType: 'atSpecifiedTime' },
	])('%j is refused in words', (limit) => {
		expect(approvalLimit(limit, NOW)).toEqual({ problem: expect.stringMatching(/^Limit Wait Time/) });
	});
});

describe('the waiting item and the answered one', () => {
	const question: Question = { responseType: 'approval', message: 'Refund?', title: 'Approval requested', description: 'Refund?', approveLabel: 'Approve', submitLabel: 'Submit', fields: [] };
	const sent = { id: 'msg-1', number: '48500000001', points: 0.16 };

	const asked = { to: '48500000001', sms: sent, checkHash: 'a'.repeat(64) };

	it('the timed-out item carries the question, the hash and the short link; an answer keeps who was asked and the send only', () => {
		const waiting = waitingForAnswer(question, { ...asked, shortLinkId: '101' }, undefined);
		expect(waitingApproval(waiting)).toEqual({ question, checkHash: 'a'.repeat(64), shortLinkId: '101' });
		const answered = answeredItem(waiting, { approved: true, respondedAt: 'forged by a form field' }, NOW);
		expect(answered).toEqual({ data: { approved: true, respondedAt: NOW.toISOString() }, timedOut: false, to: '48500000001', sms: sent });
	});

	it('an item that is no waiting approval is not taken for one', () => {
		const waiting = waitingForAnswer(question, asked, NOW);
		expect(waitingApproval(undefined)).toBeUndefined();
		expect(waitingApproval({ ...waiting, timedOut: false })).toBeUndefined();
		expect(waitingApproval({ ...waiting, answerCheckSha256: 7 })).toBeUndefined();
		expect(waitingApproval({ ...waiting, question: { ...question, fields: 'none' } })).toBeUndefined();
		expect(waitingApproval({ ...waiting, question: { ...question, declineLabel: 3 } })).toBeUndefined();
	});
});
