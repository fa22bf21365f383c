/**
 * The link an approval SMS carries (approval/answerLink.ts): a new check of 22 characters for each
 * send with the SHA-256 the waiting item keeps; n8n's signed resume address where n8n signs (1.x
 * asked to check the signature), else the execution's resume address at the node; the check as the
 * link's fragment (a fragment already there replaced); the check a call carries (the page's field,
 * or the query of a link made before the check moved); the check in a pasted link.
 */
import { createHash } from 'node:crypto';

import type { IExecuteFunctions } from 'n8n-workflow';

import { answerAddress, checkInPastedLink, CHECK_FIELD, givenCheck, linkWithCheck, newAnswerCheck } from '../../nodes/Smsapi/approval/answerLink';

describe('the answer link', () => {
	it('makes a new 22-character check per send, keeping only its SHA-256', () => {
		const first = newAnswerCheck();
		expect(first.check).toMatch(/^[A-Za-z0-9_-]{22}$/);
		expect(first.hash).toBe(createHash('sha256').update(first.check).digest('hex'));
		expect(newAnswerCheck().check).not.toBe(first.check);
	});

	it("takes n8n's signed address where n8n signs, asking 1.x to check the signature", () => {
		const setSignatureValidationRequired = jest.fn();
		const signing = { getSignedResumeUrl: () => 'https://n8n.example.com/webhook-waiting/7/node-1?signature=abc', setSignatureValidationRequired } as unknown as IExecuteFunctions;
		expect(answerAddress.call(signing)).toEqual({ url: 'https://n8n.example.com/webhook-waiting/7/node-1?signature=abc', signed: true });
		expect(setSignatureValidationRequired).toHaveBeenCalledTimes(1);
	});

	it("without signing, the execution's resume address at the node, unsigned", () => {
		const plain = { evaluateExpression: () => 'https://n8n.example.com/webhook-waiting/7', getNode: () => ({ id: 'node 1' }) } as unknown as IExecuteFunctions;
		expect(answerAddress.call(plain)).toEqual({ url: 'https://n8n.example.com/webhook-waiting/7/node%201', signed: false });
	});

	it('puts the check in the fragment, replacing one there', () => {
		expect(linkWithCheck('https://idz.do/aB3', 'check')).toBe('https://idz.do/aB3#check');
		expect(linkWithCheck('https://n8n.example.com/w?x=1#old', 'new')).toBe('https://n8n.example.com/w?x=1#new');
	});

	it("reads the call's check from the page's field, else from a link of before", () => {
		expect(givenCheck({ smsapi_check: 'old' }, { [CHECK_FIELD]: 'new' })).toBe('new');
		expect(givenCheck({ smsapi_check: 'old' }, {})).toBe('old');
		expect(givenCheck({}, {})).toBeUndefined();
	});

	it('finds the check in a pasted link or alone, nothing in anything else', () => {
		expect(checkInPastedLink(' https://idz.do/aB3#AbC_d-9 ')).toBe('AbC_d-9');
		expect(checkInPastedLink('AbC_d-9')).toBe('AbC_d-9');
		expect([checkInPastedLink('https://idz.do/aB3#'), checkInPastedLink('a b'), checkInPastedLink(7), checkInPastedLink('x'.repeat(65))]).toEqual([undefined, undefined, undefined, undefined]);
	});
});
