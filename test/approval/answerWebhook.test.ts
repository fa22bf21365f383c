/**
 * The answer link of an execution waiting in Send and Wait for Approval, through the node's real
 * `webhook()` (approval/answerWebhook.ts) in n8n-core's WebhookContext (support/approval-calls.ts):
 * opening the address (GET, by a person, any previewer, or whoever read the short link's target
 * from the service) shows only the opening page; the page's POST of the check from the SMS link's
 * fragment shows the question; only a POST of its form with this send's check answers, in n8n's
 * shape; the first answer wins, and its short link is deleted; nothing throws. The page itself:
 * page.test.ts; real n8n: test/e2e/approval.test.ts.
 */
import { randomBytes } from 'node:crypto';

import { useMockedNetwork } from '../operations/support/run-node';
import { approvalParameters, callAnswer, openQuestion, startWaiting, type Waiting } from './support/approval-calls';

useMockedNetwork();

let executions = 0;
/** A waiting execution of its own (answers are claimed per execution for a while). */
const waitingFor = (extra = {}) => startWaiting(approvalParameters(extra), `exec-answer-${++executions}`);
const double = { approvalOptions: { values: { approvalType: 'double', approveLabel: 'Yes', disapproveLabel: 'No' } } };

/** Link previews and scanners (their user agents as they send them), and a phone's browser. */
const OPENERS: Array<Record<string, string>> = [
	{},
	{ 'user-agent': 'WhatsApp/2.23.20.0 A' },
	{ 'user-agent': 'facebookexternalhit/1.1 Facebot Twitterbot/1.0' },
	{ 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
	{ 'user-agent': 'TelegramBot (like TwitterBot)' },
	{ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
	{ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1' },
];

describe('opening the link answers nothing and shows nothing without the SMS', () => {
	it.each(OPENERS)('GET %j: the opening page (no question, no button), no resume, not cached or indexed', async (headers) => {
		const waiting = await waitingFor(double);
		const { status, html, resumed, response } = await callAnswer(waiting, { headers });
		expect(status).toBe(200);
		expect(resumed).toBeUndefined();
		expect(html).not.toContain('Refund 120 EUR');
		expect(html).not.toContain('name="answer"');
		expect(html).toContain('<form id="open" method="post" enctype="multipart/form-data">');
		expect(response.headers).toMatchObject({ 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' });
		expect(response.headers['content-security-policy']).toMatch(/default-src 'none'.*script-src 'sha256-[A-Za-z0-9+/]+=*'$/);
	});

	it('the page posts the check from the fragment: the question with its buttons and the check for the answer', async () => {
		const waiting = await waitingFor(double);
		const { status, html, resumed, response } = await openQuestion(waiting);
		expect(status).toBe(200);
		expect(resumed).toBeUndefined();
		expect(html).toContain('<form method="post" enctype="multipart/form-data">');
		expect(html).toContain(`<input type="hidden" name="smsapi_check" value="${waiting.check}">`);
		expect(html).toContain('<button type="submit" name="answer" value="approve" class="primary">Yes</button>');
		expect(html).toContain('<button type="submit" name="answer" value="decline">No</button>');
		expect(response.headers['content-security-policy']).not.toContain('script-src');
	});

	it("the short link's target, as the service lists it to every token holder, carries no check: it shows nothing and answers nothing", async () => {
		const waiting = await waitingFor(double);
		const target = new URL(waiting.requests.find((request) => request.path === '/short_url/links')!.body.url);
		expect(target.hash).toBe('');
		expect([...target.searchParams.keys()]).toEqual(['signature']);
		const query = Object.fromEntries(target.searchParams);
		expect((await callAnswer(waiting, { query })).html).not.toContain('Refund 120 EUR');
		for (const body of [{ answer: 'approve' }, { step: 'open' }, { data: { answer: 'approve' }, files: {} }]) {
			const posted = await callAnswer(waiting, { method: 'POST', query, body, check: null });
			expect(posted.status).toBe(400);
			expect(posted.html).toContain('Paste the whole link from the SMS');
			expect(posted.resumed).toBeUndefined();
		}
	});

	it('where the fragment was lost, the SMS link pasted on the opening page shows the question; a wrong one does not', async () => {
		const waiting = await waitingFor(double);
		const pasted = await callAnswer(waiting, { method: 'POST', body: { step: 'open', link: ` ${waiting.smsLink} ` }, check: null });
		expect(pasted.status).toBe(200);
		expect(pasted.html).toContain('name="answer" value="approve"');
		const wrong = await callAnswer(waiting, { method: 'POST', body: { step: 'open', link: `${waiting.smsLink.split('#')[0]}#AAAAAAAAAAAAAAAAAAAAAA` }, check: null });
		expect(wrong.status).toBe(403);
		expect(pasted.resumed ?? wrong.resumed).toBeUndefined();
	});

	it('a link made before the check moved into the fragment (an execution waiting across an update): its query check still shows and answers', async () => {
		const waiting = await waitingFor(double);
		const query = { ...Object.fromEntries(waiting.link.searchParams), smsapi_check: waiting.check };
		expect((await callAnswer(waiting, { query })).html).toContain('name="answer" value="approve"');
		const answered = await callAnswer(waiting, { method: 'POST', query, body: { answer: 'decline' }, check: null });
		expect(answered.resumed?.data).toMatchObject({ approved: false });
	});
});

describe('a tap on a button answers, in n8n’s shape', () => {
	const answered = async (waiting: Waiting, body: unknown) => {
		const result = await callAnswer(waiting, { method: 'POST', body });
		expect(result.status).toBe(200);
		expect(result.html).toContain('Your answer was recorded');
		return result.resumed!;
	};

	it('Approve: data.approved true, respondedAt, who was asked and the send; no check or question; the short link deleted', async () => {
		const waiting = await waitingFor(double);
		const before = Date.now();
		const item = await answered(waiting, { answer: 'approve' });
		expect(item).toEqual({ data: { approved: true, respondedAt: expect.any(String) }, timedOut: false, to: '48500000001', sms: waiting.item.json.sms });
		expect(Date.parse((item.data as { respondedAt: string }).respondedAt)).toBeGreaterThanOrEqual(before - 1000);
		expect(waiting.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual(['/short_url/links/101']);
	});

	it("the page's multipart form as n8n parses it ({ data, files }), or a urlencoded one: the same answer", async () => {
		expect((await answered(await waitingFor(double), { data: { answer: 'decline' }, files: {} })).data).toMatchObject({ approved: false });
		expect((await answered(await waitingFor(double), { data: { answer: 'approve' } })).data).toMatchObject({ approved: true });
	});

	it('Decline: data.approved false', async () => {
		expect((await answered(await waitingFor(double), { answer: 'decline' })).data).toMatchObject({ approved: false });
	});

	it('Free Text: data.text as written', async () => {
		const waiting = await waitingFor({ responseType: 'freeText' });
		expect((await openQuestion(waiting)).html).toContain('<textarea id="text" name="text"');
		// A browser sends a text area's line breaks as \r\n.
		expect((await answered(waiting, { text: ' Yes, but only 100 EUR.\r\nThanks ' })).data).toMatchObject({ text: ' Yes, but only 100 EUR.\nThanks ' });
	});

	it('Custom Form: each field by its label, typed', async () => {
		const waiting = await waitingFor({
			responseType: 'customForm',
			formFields: {
				values: [
					{ fieldLabel: 'Amount', fieldType: 'number', requiredField: true },
					{ fieldLabel: 'Reason', fieldType: 'dropdown', fieldOptions: { values: [{ option: 'Damaged' }, { option: 'Late' }] } },
					{ fieldLabel: 'Contact', fieldType: 'email' },
					{ fieldLabel: 'Note', fieldType: 'textarea' },
				],
			},
		});
		const page = await openQuestion(waiting);
		expect(page.html).toContain('<input id="field-0" name="field-0" type="number" step="any"');
		expect(page.html).toContain('<option value="0">Damaged</option><option value="1">Late</option>');
		const item = await answered(waiting, { data: { 'field-0': '99.5', 'field-1': '1', 'field-2': 'a@b.example' }, files: {} });
		expect(item.data).toEqual({ Amount: 99.5, Reason: 'Late', Contact: 'a@b.example', Note: '', respondedAt: expect.any(String) });
	});

	it('Shorten Link off: nothing to delete at the service', async () => {
		const waiting = await waitingFor({ ...double, options: { shortLink: false } });
		await answered(waiting, { answer: 'approve' });
		expect(waiting.requests.map((request) => request.path)).toEqual(['/sms.do']);
	});
});

describe('what does not answer', () => {
	const refused = async (waiting: Waiting, call: Parameters<typeof callAnswer>[1], status: number, text: RegExp) => {
		const result = await callAnswer(waiting, call);
		expect(result.status).toBe(status);
		expect(result.html).toMatch(text);
		expect(result.resumed).toBeUndefined();
	};

	it('a changed check, a check of another send, of odd shapes or bytes: 403; none: the opening page (400)', async () => {
		const waiting = await waitingFor(double);
		const other = await waitingFor(double);
		const { check } = waiting;
		const changed = `${check.slice(0, -1)}${check.endsWith('A') ? 'B' : 'A'}`;
		for (const given of [changed, other.check, [check, check], { check }, 'é'.repeat(22), check.repeat(20)]) {
			await refused(waiting, { method: 'POST', check: given, body: { answer: 'approve' } }, 403, /not valid/);
			await refused(waiting, { method: 'GET', query: { ...Object.fromEntries(waiting.link.searchParams), smsapi_check: given } }, 403, /not valid/);
		}
		for (const none of [null, '']) await refused(waiting, { method: 'POST', check: none, body: { answer: 'approve' } }, 400, /Paste the whole link/);
		// The right check still answers afterwards.
		expect((await callAnswer(waiting, { method: 'POST', body: { answer: 'approve' } })).resumed).toBeDefined();
	});

	it('a body that is no answer: the page again with what to do (400), nothing answered', async () => {
		const waiting = await waitingFor({ approvalOptions: { values: { approvalType: 'single' } } });
		for (const body of [{}, null, { answer: 'decline' }, { answer: ['approve', 'approve'] }, { answer: 'APPROVE' }])
			await refused(waiting, { method: 'POST', body }, 400, /Choose one of the buttons/);
		// A body that cannot carry the page's fields carries no check either.
		for (const body of ['answer=approve', []]) await refused(waiting, { method: 'POST', body }, 400, /Paste the whole link/);
		const text = await waitingFor({ responseType: 'freeText' });
		for (const body of [{ text: '   ' }, { text: ['a', 'b'] }, { text: 'x'.repeat(10_001) }]) await refused(text, { method: 'POST', body }, 400, /Write your answer|longer than/);
	});

	it('a custom form with a missing, wrong or repeated value: the page again with the values kept', async () => {
		const waiting = await waitingFor({ responseType: 'customForm', formFields: { values: [{ fieldLabel: 'Amount', fieldType: 'number', requiredField: true }, { fieldLabel: 'Day', fieldType: 'date' }] } });
		await refused(waiting, { method: 'POST', body: { 'field-1': '2030-01-01' } }, 400, /&quot;Amount&quot; is required/);
		await refused(waiting, { method: 'POST', body: { data: { 'field-0': 'ten', 'field-1': 'tomorrow' }, files: {} } }, 400, /must be a number.*must be a date.*value="ten"/s);
		await refused(waiting, { method: 'POST', body: { 'field-0': ['1', '2'] } }, 400, /was sent more than once/);
	});

	it('a second answer: the first wins (409 for the other), whatever it says; the short link deleted once', async () => {
		const waiting = await waitingFor(double);
		const [first, second] = await Promise.all([
			callAnswer(waiting, { method: 'POST', body: { answer: 'approve' } }),
			callAnswer(waiting, { method: 'POST', body: { answer: 'decline' } }),
		]);
		expect(first.resumed?.data).toMatchObject({ approved: true });
		expect(second.resumed).toBeUndefined();
		expect(second.status).toBe(409);
		expect(second.html).toContain('already recorded');
		expect(waiting.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
	});

	it("the node's next question in the same execution (a loop) is answered at once; the earlier link is refused there", async () => {
		const first = await startWaiting(approvalParameters(double), 'exec-loop');
		const second = await startWaiting(approvalParameters(double), 'exec-loop');
		expect(first.link.href).toBe(second.link.href);
		expect((await callAnswer(first, { method: 'POST', body: { answer: 'approve' } })).resumed).toBeDefined();
		await refused(second, { method: 'POST', check: first.check, body: { answer: 'decline' } }, 403, /not valid/);
		expect((await callAnswer(second, { method: 'POST', body: { answer: 'decline' } })).resumed?.data).toMatchObject({ approved: false });
	});

	it('an execution that no longer waits here (its item is not a waiting approval): 404', async () => {
		const waiting = await waitingFor();
		const question = waiting.item.json.question as object;
		for (const json of [{}, { ...waiting.item.json, timedOut: false }, { ...waiting.item.json, question: 'x' }, { ...waiting.item.json, question: { ...question, responseType: 'vote' } }])
			await refused(waiting, { method: 'POST', item: { json }, body: { answer: 'approve' } }, 404, /Nothing to answer/);
	});

	it('a Send and Wait for Delivery node keeps its own webhook: the same call is judged as a report (no report check: 403 Forbidden)', async () => {
		const waiting = await waitingFor();
		const delivery = { ...waiting.node, parameters: { ...waiting.node.parameters, operation: 'sendAndWaitForDelivery' } };
		const result = await callAnswer(waiting, { node: delivery });
		expect(result.response.statusCode).toBe(403);
		expect(result.response.body).toBe('Forbidden');
	});
});

describe('the webhook never throws', () => {
	const values = (): unknown[] => [undefined, null, '', 'approve', 'open', 42, true, [], ['approve'], { answer: 'approve' }, randomBytes(40).toString('latin1'), 'x'.repeat(70_000)];
	const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

	it('for 300 random queries, bodies and methods: answered, never resumed without the check, at most once with it', async () => {
		const waiting = await waitingFor(double);
		let resumes = 0;
		for (let i = 0; i < 300; i++) {
			const withCheck = Math.random() < 0.3;
			const query: Record<string, unknown> = { ...Object.fromEntries(waiting.link.searchParams), [pick(['smsapi_check', 'answer', 'x', 'signature'])]: pick(values()) };
			const body = pick([pick(values()), { answer: pick(values()), text: pick(values()), step: pick(values()), link: pick(values()) }]);
			const result = await callAnswer(waiting, { method: pick(['GET', 'POST'] as const), query, body, check: withCheck ? waiting.check : pick(values()) });
			expect([200, 400, 403, 409]).toContain(result.status);
			if (result.resumed) {
				expect(withCheck).toBe(true);
				resumes += 1;
			}
		}
		expect(resumes).toBeLessThanOrEqual(1);
	});

	it('when n8n cannot give the body (a read that throws): 500, the execution keeps waiting', async () => {
		const waiting = await waitingFor(double);
		const body = { smsapi_check: waiting.check };
		Object.defineProperty(body, 'answer', { get: () => { throw new Error('unreadable'); }, enumerable: true });
		const result = await callAnswer(waiting, { method: 'POST', body, check: null });
		expect(result.status).toBe(500);
		expect(result.resumed).toBeUndefined();
	});
});
