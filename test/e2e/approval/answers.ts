/**
 * Answers through the page of the SMS link, in real n8n (test/e2e/approval.test.ts): Approve,
 * Decline, a free text, a custom form; each resumes the execution once with n8n's shape of the
 * answer (`data.approved`, `data.text`, the fields by label, `data.respondedAt`), who was asked and
 * the send; opening the link before answers nothing.
 */
import { smsDoRequests } from '../sms/support';
import { buttonsOf, finished, open, openQuestion, output, startAsking, stillWaiting, tap, type ApprovalSuite } from './support';

const TEST_TIMEOUT_MS = 120_000;

/** Exactly one sms.do request to this number so far. */
export async function sentOnce(suite: ApprovalSuite, to: string): Promise<void> {
	const requests = (await smsDoRequests(suite.emulator)).filter((r) => r.body.to === to);
	expect(requests).toHaveLength(1);
}

export function registerAnswerTests(suite: ApprovalSuite): void {
	it(
		'Approve: the SMS is the message and an https short link with the check as its fragment (one part); opening the address answers nothing; the question with the check has both buttons; a tap on approve resumes it with data.approved true',
		async () => {
			const asking = await startAsking(suite, '48500000101');
			expect(asking.message.text).toMatch(/^Refund 120 EUR to order 1024\?\nhttps:\/\/idz\.do\/[\w-]+#[A-Za-z0-9_-]{22}$/);
			expect(asking.message.parts).toBe(1);
			// The short link leads to n8n's resume address of the execution at the node, signed by n8n; the check stays in the SMS.
			expect(asking.link.pathname).toMatch(new RegExp(`^/webhook-waiting/${asking.executionId}/[^/]+$`));
			expect([...asking.link.searchParams.keys()]).toEqual(['signature']);

			const opened = await open(asking.link);
			expect(opened.status).toBe(200);
			expect(opened.html).not.toContain('Refund 120 EUR');
			const page = await openQuestion(asking.link);
			expect(page.status).toBe(200);
			expect(page.html).toContain('Refund 120 EUR to order 1024?');
			expect(buttonsOf(page.html)).toEqual(['answer=decline', 'answer=approve']);
			expect(page.html).toContain('>Yes, refund</button>');
			await stillWaiting(suite.n8n, asking.executionId);

			const answered = await tap(asking.link, { answer: 'approve' });
			expect(answered.status).toBe(200);
			expect(answered.html).toContain('Your answer was recorded');
			const json = output(await finished(suite.n8n, asking.executionId));
			expect(json).toEqual({
				data: { approved: true, respondedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
				timedOut: false,
				to: '48500000101',
				sms: expect.objectContaining({ id: asking.message.id, number: '48500000101', idx: asking.message.idx }),
			});
			await sentOnce(suite, '48500000101');
		},
		TEST_TIMEOUT_MS,
	);

	it(
		'Decline: resumes it with data.approved false',
		async () => {
			const asking = await startAsking(suite, '48500000102');
			expect((await tap(asking.link, { answer: 'decline' })).status).toBe(200);
			expect(output(await finished(suite.n8n, asking.executionId))).toMatchObject({ data: { approved: false }, timedOut: false });
			await sentOnce(suite, '48500000102');
		},
		TEST_TIMEOUT_MS,
	);

	it(
		"Free Text (Shorten Link off: n8n's address itself in the SMS, its parts counted): the text written arrives as data.text",
		async () => {
			const asking = await startAsking(suite, '48500000103', { responseType: 'freeText', shortLink: false });
			expect(asking.smsLink).toBe(asking.link.href);
			// GSM-7: 160 characters in one part, 153 a part beyond.
			expect(asking.message.parts).toBe(asking.message.text.length <= 160 ? 1 : Math.ceil(asking.message.text.length / 153));
			const page = await openQuestion(asking.link);
			expect(page.html).toContain('<textarea id="text" name="text"');
			const empty = await tap(asking.link, { text: '   ' });
			expect(empty.status).toBe(400);
			await stillWaiting(suite.n8n, asking.executionId);
			expect((await tap(asking.link, { text: 'Only 100 EUR, please.\nThanks' })).status).toBe(200);
			expect(output(await finished(suite.n8n, asking.executionId))).toMatchObject({ data: { text: 'Only 100 EUR, please.\nThanks' }, timedOut: false });
		},
		TEST_TIMEOUT_MS,
	);

	it(
		'Custom Form: a wrong value shows the form again and changes nothing; the fields arrive by label, typed',
		async () => {
			const asking = await startAsking(suite, '48500000104', { responseType: 'customForm' });
			expect((await openQuestion(asking.link)).html).toContain('<option value="0">Damaged</option>');
			const wrong = await tap(asking.link, { 'field-0': 'ten', 'field-1': '1' });
			expect(wrong.status).toBe(400);
			expect(wrong.html).toContain('must be a number');
			await stillWaiting(suite.n8n, asking.executionId);
			expect((await tap(asking.link, { 'field-0': '99.5', 'field-1': '1' })).status).toBe(200);
			expect(output(await finished(suite.n8n, asking.executionId)).data).toEqual({ Amount: 99.5, Reason: 'Late', respondedAt: expect.any(String) });
		},
		TEST_TIMEOUT_MS,
	);

	it(
		'n8n restarted while the execution waits: the answer still resumes it',
		async () => {
			const asking = await startAsking(suite, '48500000105');
			await suite.n8n.restart();
			expect((await tap(asking.link, { answer: 'approve' })).status).toBe(200);
			expect(output(await finished(suite.n8n, asking.executionId))).toMatchObject({ data: { approved: true } });
			await sentOnce(suite, '48500000105');
		},
		TEST_TIMEOUT_MS,
	);
}
