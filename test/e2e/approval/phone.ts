/**
 * The SMS link on a phone, in real Chromium (test/e2e/approval.test.ts): the link exactly as the
 * SMS carries it (`https://idz.do/<code>#<check>`; the browser's idz.do is the emulator's
 * short-link host: Chromium's --host-resolver-rules, its self-made certificate taken), followed
 * through the short link's redirect with its fragment; the opening page's script asks for the
 * question with the check, and one tap answers. What the service keeps of the link (the short
 * link's target, as Short Link → Get Many lists it) opens the page without the question and
 * answers nothing. A dropdown choice with two spaces arrives as written; a text at the page's
 * length limit, with line breaks, is taken; where the fragment is lost, the pasted SMS link opens
 * the question.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

import { launchBrowser, PHONE, step } from '../harness/browser';
import { shortLinkHostRule } from './editor';
import type { N8nLine } from '../harness';
import { finished, output, startAsking, stillWaiting, type ApprovalSuite, type Asking } from './support';

const TEST_TIMEOUT_MS = 150_000;

/** The short links the account has, as Short Link → Get Many lists them (GET /short_url/links). */
async function listedShortLinks(suite: ApprovalSuite): Promise<Array<{ url: string; short_url: string }>> {
	const res = await fetch(`${suite.emulator.primaryUrl}/short_url/links`, { headers: { authorization: 'Bearer test-token' }, signal: AbortSignal.timeout(10_000) });
	return ((await res.json()) as { collection: Array<{ url: string; short_url: string }> }).collection;
}

export function registerPhoneTests(suite: ApprovalSuite, line: N8nLine): void {
	let browser: Browser;
	let phone: BrowserContext;
	const label = (name: string) => `line${line.line}-phone-${name}`;

	beforeAll(async () => {
		browser = await launchBrowser([shortLinkHostRule(suite)]);
	}, 60_000);
	beforeEach(async () => {
		phone = await browser.newContext({ ...PHONE, ignoreHTTPSErrors: true });
		phone.setDefaultTimeout(20_000);
	});
	afterEach(async () => phone?.close());
	afterAll(async () => browser?.close());

	/** The SMS link opened by a tap in the SMS app: the question shows, the execution still waits. */
	const openFromSms = async (asking: Asking, tab: Page, question: string) => {
		await step(tab, label('open'), async () => {
			await tab.goto(asking.smsLink);
			await tab.getByText(question).waitFor();
		});
		await stillWaiting(suite.n8n, asking.executionId);
	};

	it(
		"the SMS's short link (the service's http address sent as https) tapped on a phone: the question, one tap approves; the address the service lists opens no question and answers nothing",
		async () => {
			const asking = await startAsking(suite, '48500000301');
			expect(asking.smsLink).toMatch(/^https:\/\/idz\.do\/[\w-]+#[A-Za-z0-9_-]{22}$/);
			const listed = (await listedShortLinks(suite)).find((link) => new URL(link.short_url).pathname === new URL(asking.smsLink).pathname)!;
			// The service answered http://idz.do/…; the SMS carries it as https.
			expect(listed.short_url).toMatch(/^http:\/\/idz\.do\//);
			expect(listed.url).not.toContain(asking.smsLink.split('#')[1]);

			const tab = await phone.newPage();
			await step(tab, label('listed-target'), async () => {
				await tab.goto(listed.url);
				await tab.getByText('Open the link from the SMS').waitFor();
			});
			expect(await tab.content()).not.toContain('Refund 120 EUR');
			const posted = await tab.request.post(listed.url, { multipart: { answer: 'approve' } });
			expect(posted.status()).toBe(400);
			await stillWaiting(suite.n8n, asking.executionId);

			await openFromSms(asking, tab, 'Refund 120 EUR to order 1024?');
			await step(tab, label('tap'), async () => {
				await tab.getByRole('button', { name: 'Yes, refund' }).click();
				await tab.getByText('Your answer was recorded').waitFor();
			});
			expect(output(await finished(suite.n8n, asking.executionId))).toMatchObject({ data: { approved: true }, timedOut: false });
			// Answered: the short link is gone from the account.
			expect((await listedShortLinks(suite)).map((link) => link.url)).not.toContain(listed.url);
		},
		TEST_TIMEOUT_MS,
	);

	it(
		'a dropdown choice written with two spaces arrives exactly; a text at the page’s limit of 10,000 characters, typed with line breaks, is taken',
		async () => {
			const fields = [
				{ fieldLabel: 'Plan', fieldType: 'dropdown', requiredField: true, fieldOptions: { values: [{ option: 'Plan A' }, { option: 'Plan  A' }, { option: 'Plan\tB' }] } },
				{ fieldLabel: 'Note', fieldType: 'textarea' },
			];
			const asking = await startAsking(suite, '48500000302', { responseType: 'customForm', fields });
			const tab = await phone.newPage();
			await openFromSms(asking, tab, 'Refund 120 EUR to order 1024?');
			const note = `${Array.from({ length: 10 }, (_, index) => `${index}`.repeat(999)).join('\n')}!`;
			expect(note).toHaveLength(10_000);
			await step(tab, label('form'), async () => {
				// The second of the list (its first entry is empty): "Plan  A", shown as the browser shows it.
				await tab.locator('select[name="field-0"]').selectOption({ index: 2 });
				await tab.locator('textarea[name="field-1"]').fill(note);
				expect(await tab.locator('textarea[name="field-1"]').evaluate((area) => [(area as unknown as { value: string }).value.length, (area as unknown as { checkValidity(): boolean }).checkValidity()])).toEqual([10_000, true]);
				await tab.getByRole('button', { name: 'Submit' }).click();
				await tab.getByText('Your answer was recorded').waitFor();
			});
			expect(output(await finished(suite.n8n, asking.executionId)).data).toEqual({ Plan: 'Plan  A', Note: note, respondedAt: expect.any(String) });
		},
		TEST_TIMEOUT_MS,
	);

	it(
		'where the fragment is lost (the address without what follows #), the page asks for the SMS link; pasted, it shows the question, and a tap answers',
		async () => {
			const asking = await startAsking(suite, '48500000303', { shortLink: false });
			const tab = await phone.newPage();
			await step(tab, label('lost'), async () => {
				await tab.goto(asking.smsLink.split('#')[0]);
				await tab.getByText('Open the link from the SMS').waitFor();
				await tab.getByLabel('The link from the SMS').fill(asking.smsLink);
				await tab.getByRole('button', { name: 'Continue' }).click();
				await tab.getByRole('button', { name: 'Yes, refund' }).waitFor();
			});
			await stillWaiting(suite.n8n, asking.executionId);
			await tab.getByRole('button', { name: 'No' }).click();
			await tab.getByText('Your answer was recorded').waitFor();
			expect(output(await finished(suite.n8n, asking.executionId))).toMatchObject({ data: { approved: false } });
		},
		TEST_TIMEOUT_MS,
	);
}
