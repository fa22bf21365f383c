/**
 * What must not answer, in real n8n (test/e2e/approval.test.ts): link previews and scanners
 * (GET with and without a bot's user agent, HEAD), forged answers (n8n's signature missing or
 * changed, the check removed, another execution's address), answers replayed after the answer,
 * an earlier SMS's link while the same node waits again in the same execution (a loop: n8n's
 * signature of the address is the same, the node's check is not), and the time limit.
 */
import { waitFor } from '../harness';
import { messages } from '../sms/support';
import { sentOnce } from './answers';
import { afterItems, execution, finished, linkOf, open, openQuestion, output, startAsking, stillWaiting, tap, type ApprovalSuite, type Asking } from './support';

const TEST_TIMEOUT_MS = 120_000;

/** Link previews as chat apps and phones fetch a link, and scanners. */
const PREVIEWERS = [
	'',
	'WhatsApp/2.23.20.0 A',
	'facebookexternalhit/1.1 Facebot Twitterbot/1.0',
	'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
	'TelegramBot (like TwitterBot)',
	'Mozilla/5.0 (compatible; SkypeUriPreview Preview/0.5) Teams',
	'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
	'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
];

export function registerSafetyTests(suite: ApprovalSuite, timingOut: () => Promise<Asking>): void {
	it(
		'link previews do not answer and see no question: GET without and with bot user agents (and a phone browser), HEAD; the execution keeps waiting; a tap then answers',
		async () => {
			const asking = await startAsking(suite, '48500000201');
			for (const agent of PREVIEWERS) {
				const page = await open(asking.link, agent ? { 'user-agent': agent } : {});
				expect(page.status).toBe(200);
				expect(page.html).toContain('<form id="open" method="post" enctype="multipart/form-data">');
				expect(page.html).not.toContain('Refund 120 EUR');
			}
			await open(asking.link, {}, 'HEAD');
			await stillWaiting(suite.n8n, asking.executionId);
			expect((await tap(asking.link, { answer: 'approve' })).status).toBe(200);
			expect(output(await finished(suite.n8n, asking.executionId))).toMatchObject({ data: { approved: true } });
		},
		TEST_TIMEOUT_MS,
	);

	it(
		"forged answers are refused and change nothing: n8n's signature missing or changed, the check removed or another send's, the address of another execution",
		async () => {
			const asking = await startAsking(suite, '48500000202');
			const other = await startAsking(suite, '48500000203');
			const forged = (change: (url: URL) => void) => {
				const url = new URL(asking.link);
				change(url);
				return url;
			};
			const signature = asking.link.searchParams.get('signature')!;
			const attempts = [
				forged((url) => url.searchParams.delete('signature')),
				forged((url) => url.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`)),
				forged((url) => (url.hash = '')),
				forged((url) => (url.hash = other.link.hash)),
				forged((url) => (url.pathname = other.link.pathname)),
			];
			for (const url of attempts) {
				const answer = await tap(url, { answer: 'approve' });
				expect([400, 401, 403]).toContain(answer.status);
			}
			await stillWaiting(suite.n8n, asking.executionId);
			await stillWaiting(suite.n8n, other.executionId);
			// The real answers still work, each on its own execution.
			expect((await tap(asking.link, { answer: 'decline' })).status).toBe(200);
			expect((await tap(other.link, { answer: 'approve' })).status).toBe(200);
			expect(output(await finished(suite.n8n, asking.executionId))).toMatchObject({ data: { approved: false } });
			expect(output(await finished(suite.n8n, other.executionId))).toMatchObject({ data: { approved: true } });
		},
		TEST_TIMEOUT_MS,
	);

	it(
		'an answer replayed after the answer (the same, or the other button) changes nothing: one resume, the first answer kept',
		async () => {
			const asking = await startAsking(suite, '48500000204');
			expect((await tap(asking.link, { answer: 'approve' })).status).toBe(200);
			const done = await finished(suite.n8n, asking.executionId);
			for (const answer of ['approve', 'decline', 'decline']) {
				const replayed = await tap(asking.link, { answer });
				expect(replayed.html).not.toContain('Your answer was recorded');
			}
			await new Promise((resolve) => setTimeout(resolve, 1500));
			const after = await execution(suite.n8n, asking.executionId);
			expect(after.stoppedAt).toBe(done.stoppedAt);
			expect(afterItems(after)).toEqual([expect.objectContaining({ data: expect.objectContaining({ approved: true }) })]);
			const runs = (await suite.n8n.executions({ withData: false })).filter((e) => String(e.workflowId) === asking.workflowId);
			expect(runs).toHaveLength(1);
			await sentOnce(suite, '48500000204');
		},
		TEST_TIMEOUT_MS,
	);

	it(
		"asked twice in one execution (a loop): each SMS has a link of its own; the first SMS's link, replayed while the node waits again, is refused and changes nothing",
		async () => {
			const to = '48500000205';
			const first = await startAsking(suite, to, { askTwice: true });
			expect(first.message.text).toMatch(/^Refund 120 EUR to order 1024\?/);
			expect((await tap(first.link, { answer: 'approve' })).status).toBe(200);
			const secondMessage = await waitFor('the second SMS', 30_000, async () => (await messages(suite.emulator)).filter((m) => m.number === to)[1]);
			expect(secondMessage.text).toMatch(/^Refund 80 EUR to order 1025\?/);
			const second = await linkOf(suite.emulator, secondMessage);
			await waitFor('the execution waiting again', 30_000, async () => ((await execution(suite.n8n, first.executionId)).status === 'waiting' ? true : undefined));
			// The same address (execution and node), signed alike by n8n; only the check tells them apart.
			expect(second.link.pathname).toBe(first.link.pathname);
			expect((await openQuestion(first.link)).status).toBe(403);
			expect((await tap(first.link, { answer: 'decline' })).status).toBe(403);
			await stillWaiting(suite.n8n, first.executionId);
			expect((await tap(second.link, { answer: 'decline' })).status).toBe(200);
			const items = afterItems(await finished(suite.n8n, first.executionId));
			expect(items.map((item) => (item.data as { approved: boolean }).approved)).toEqual([true, false]);
		},
		TEST_TIMEOUT_MS,
	);

	it(
		'no answer: Limit Wait Time ends the wait with timedOut: true and the send kept (n8n looks for due executions once a minute)',
		async () => {
			const asking = await timingOut();
			const json = output(await finished(suite.n8n, asking.executionId, 100_000));
			expect(json).toMatchObject({ data: {}, timedOut: true, to: '48500000209', sms: expect.objectContaining({ id: asking.message.id }) });
			expect(typeof json.waitUntil).toBe('string');
			// The link now answers nothing.
			expect((await tap(asking.link, { answer: 'approve' })).html).not.toContain('Your answer was recorded');
			expect(output(await execution(suite.n8n, asking.executionId))).toMatchObject({ timedOut: true });
		},
		TEST_TIMEOUT_MS,
	);
}
