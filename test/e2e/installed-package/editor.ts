/**
 * The installed package in n8n's editor in a real Chromium (Debian `chromium`, driven by
 * playwright-core): what a user sees and clicks. These tests run in order on one signed-in page (each
 * builds on the one before). A failing step saves a screenshot and names its path
 * (.n8n-e2e/screenshots/). With UPDATE_README_IMAGES=1 the line-2 run also saves the README's
 * pictures into docs/images/ (a plain `npm test` leaves the committed pictures alone).
 */
import type { Locator, Page } from 'playwright-core';

import { E2E_SETUP_TIMEOUT_MS, emulatorRequests } from '../harness';
import { newEditorPage, saveDocsImage, step } from '../harness/browser';
import { TEST_TIMEOUT_MS, WRONG_TOKEN_REASON, type InstalledPackageSuite } from './suite';

export function registerEditorTests(ctx: InstalledPackageSuite): void {
	const { line } = ctx;

	describe('the editor in Chromium', () => {
		let page: Page;
		let sentMessageId = '';
		/** README pictures come from one line only, so they show one n8n version. */
		const picture = async (name: string, target?: Locator) => {
			if (line.line === '2' && process.env.UPDATE_README_IMAGES === '1') await saveDocsImage(page, name, target);
		};
		const ndv = () => page.getByTestId('ndv');
		const creatorItems = () => page.getByTestId('node-creator').getByTestId('item-iterator-item');
		/** The open dropdown's entries (element-plus renders them in a popper at the end of body). */
		const dropdownItems = () => page.locator('.el-select-dropdown__item:visible, .el-dropdown-menu__item:visible');

		beforeAll(async () => {
			const { n8n, browser } = ctx;
			({ page } = await newEditorPage(browser, n8n));
		}, E2E_SETUP_TIMEOUT_MS);

		/** Opens the nodes panel (on an empty canvas: the trigger list) and searches. */
		async function searchNodes(text: string): Promise<void> {
			const search = page.getByTestId('node-creator-search-bar');
			if (!(await search.isVisible())) {
				await page.getByTestId('canvas-add-button').or(page.getByTestId('node-creator-plus-button')).first().click();
			}
			await search.fill(text);
		}

		/**
		 * Adds an option of the open node's Options collection and waits for its field (a click on the
		 * list that lands while it is still opening, on a busy machine, is repeated).
		 */
		async function addOption(label: string, parameter: string): Promise<void> {
			for (let attempt = 1; ; attempt++) {
				// n8n 2.x: a button; 1.x: a select whose placeholder is the label.
				await ndv().getByTestId('collection-parameter-add').or(ndv().getByPlaceholder('Add option')).first().click();
				try {
					await dropdownItems().filter({ hasText: label }).first().click({ timeout: 10_000 });
					await ndv().getByTestId(`parameter-input-${parameter}`).waitFor({ timeout: 10_000 });
					return;
				} catch (error) {
					// Added after all (the field came late): nothing to repeat.
					if ((await ndv().getByTestId(`parameter-input-${parameter}`).count()) > 0) return;
					if (attempt === 3) throw error;
					if ((await dropdownItems().count()) > 0) await page.keyboard.press('Escape');
				}
			}
		}

		/**
		 * Opens a dropdown parameter of the open node and waits for an entry (n8n asks the service when
		 * the list opens; a click that lands while the field is still being drawn is repeated).
		 */
		async function openList(parameter: string, entry: string): Promise<void> {
			for (let attempt = 1; ; attempt++) {
				await ndv().getByTestId(`parameter-input-${parameter}`).click();
				try {
					await dropdownItems().filter({ hasText: entry }).first().waitFor({ timeout: 10_000 });
					return;
				} catch (error) {
					if (attempt === 3) throw error;
					// Close a list that opened without the entry (Escape with no list open would close the node).
					if ((await dropdownItems().count()) > 0) await page.keyboard.press('Escape');
				}
			}
		}

		it(
			'nodes panel: searching "sms" and "text message" finds SMSAPI, with the trigger\'s events and the node\'s actions',
			async () => {
				await step(page, `line${line.line}-nodes-panel`, async () => {
					await page.goto('/workflow/new');
					await page.getByTestId('canvas-add-button').waitFor({ timeout: 60_000 });
					// Empty canvas: the panel lists triggers; the SMSAPI Trigger is found by both words.
					await searchNodes('text message');
					await creatorItems().filter({ hasText: /^SMSAPI/ }).first().waitFor();
					await searchNodes('sms');
					const smsapi = creatorItems().filter({ hasText: /^SMSAPI/ }).first();
					await smsapi.waitFor();
					await picture('nodes-panel-search', page.getByTestId('node-creator'));
					await smsapi.click();
					await creatorItems().filter({ hasText: 'On delivery report' }).waitFor();
					await page.keyboard.press('Escape');

					// A Manual Trigger first; then the panel lists actions: the SMSAPI node's.
					await searchNodes('manual');
					await creatorItems().filter({ hasText: 'Manual Trigger' }).first().click();
					await page.getByTestId('canvas-node').first().waitFor();
					await page.getByTestId('node-creator-plus-button').click();
					await searchNodes('text message');
					await creatorItems().filter({ hasText: /^SMSAPI/ }).first().click();
					await creatorItems().filter({ hasText: 'Send an SMS' }).first().click();
					await ndv().waitFor();
					await ndv().getByTestId('parameter-input-to').waitFor();
				});
			},
			TEST_TIMEOUT_MS,
		);

		it(
			'credential created in the UI: a wrong token shows the service\'s reason, the right one "Connection tested successfully"',
			async () => {
				const { emulator } = ctx;
				await step(page, `line${line.line}-credential`, async () => {
					const create = ndv()
						.getByTestId('node-credentials-empty-state')
						.getByRole('button')
						.or(ndv().getByTestId('node-credentials-select'))
						.first();
					await create.click();
					if (!(await page.getByTestId('editCredential-modal').isVisible())) {
						// n8n 1.x: the credential dropdown's footer entry.
						await page.getByText(/^\s*Create new credential\s*$/i).filter({ visible: true }).first().click();
					}
					const modal = page.getByTestId('editCredential-modal');
					await modal.waitFor();
					await modal.getByTestId('parameter-input-token').locator('input').fill('wrong-token');
					await modal.getByTestId('parameter-input-platform').click();
					await dropdownItems().filter({ hasText: /^Custom/ }).first().click();
					await modal.getByTestId('parameter-input-baseUrl').locator('input').fill(emulator.primaryUrl);
					await modal.getByTestId('parameter-input-backupUrl').locator('input').fill(emulator.backupUrl);
					await modal.getByTestId('credential-save-button').click();
					// n8n tests the credential when it is saved.
					await modal.getByText(/Couldn.t connect with these settings/).waitFor({ timeout: 30_000 });
					const details = modal.getByText('More details');
					if (await details.isVisible()) await details.click();
					await modal.getByText(WRONG_TOKEN_REASON).first().waitFor();
					await picture('credential-test-error', modal);

					await modal.getByTestId('parameter-input-token').locator('input').fill('test-token');
					const tested = page.waitForResponse((r) => r.url().endsWith('/rest/credentials/test'), { timeout: 30_000 });
					await modal.getByTestId('credential-save-button').click();
					expect(await (await tested).json()).toMatchObject({ data: { status: 'OK' } });
					// n8n 2.x closes the dialog once the saved credential tests fine: open it again to see the result.
					const success = modal.getByTestId('credentials-config-container-test-success');
					for (let reopened = false, i = 0; i < 120 && !(await success.isVisible()); i++) {
						if (!reopened && !(await modal.isVisible())) {
							await ndv().getByTestId('credential-edit-button').click();
							reopened = true;
						}
						await page.waitForTimeout(250);
					}
					await success.waitFor({ timeout: 5_000 });
					await picture('credential-test', modal);
					await modal.locator('.el-dialog__close').first().click();
					await modal.waitFor({ state: 'hidden' });
				});
			},
			TEST_TIMEOUT_MS,
		);

		it(
			'SMSAPI Send on the canvas: Sender Name and Template list the account\'s values; executed, the output table shows the message id',
			async () => {
				const { emulator } = ctx;
				await step(page, `line${line.line}-send`, async () => {
					await ndv().getByTestId('parameter-input-to').locator('input').fill('48500000001');
					await ndv().getByTestId('parameter-input-message').locator('textarea, input').first().fill('Hello from the n8n editor');
					await addOption('Sender Name Name or ID', 'from');
					await addOption('Template Name or ID', 'template');
					// Template: the account's templates (asked from the service when the list opens).
					await openList('template', 'appointment');
					for (const name of ['appointment', 'otp', 'welcome']) await dropdownItems().filter({ hasText: name }).first().waitFor();
					await page.keyboard.press('Escape');
					// Sender Name: the active names, the default marked.
					await openList('from', 'Test (default)');
					await dropdownItems().filter({ hasText: 'Test (default)' }).first().waitFor();
					await dropdownItems().filter({ hasText: 'MyShop' }).first().waitFor();
					expect(await dropdownItems().filter({ hasText: 'NewBrand' }).count()).toBe(0);
					await picture('send-form-options');
					await dropdownItems().filter({ hasText: 'MyShop' }).first().click();

					await ndv().getByTestId('node-execute-button').click();
					const output = ndv().getByTestId('output-panel');
					await output.locator('table').first().waitFor({ timeout: 60_000 });
					const sends = await emulatorRequests(emulator, { path: '/sms.do' });
					expect(sends.length).toBeGreaterThan(0);
					const messages = (await (await fetch(`${emulator.controlUrl}/messages`)).json()) as Array<{ id: string }>;
					sentMessageId = messages[messages.length - 1]?.id ?? '';
					expect(sentMessageId).not.toBe('');
					await output.getByText(sentMessageId).first().waitFor();
					await picture('send-output-table', ndv());
				});
			},
			TEST_TIMEOUT_MS,
		);

		it(
			'a bad number shows the node\'s error in the output panel, and nothing is sent',
			async () => {
				const { emulator } = ctx;
				await step(page, `line${line.line}-send-error`, async () => {
					const before = (await emulatorRequests(emulator, { path: '/sms.do' })).length;
					await ndv().getByTestId('parameter-input-to').locator('input').fill('not-a-number');
					await ndv().getByTestId('node-execute-button').click();
					const output = ndv().getByTestId('output-panel');
					const error = output.getByText(/not-a-number/).first();
					await error.waitFor({ timeout: 60_000 });
					await picture('send-error', ndv());
					expect((await emulatorRequests(emulator, { path: '/sms.do' })).length).toBe(before);
				});
			},
			TEST_TIMEOUT_MS,
		);

		it(
			'SMSAPI Trigger: Test and Production URLs are shown; "Listen for test event" + a delivery report from the emulator fills the output panel',
			async () => {
				const { n8n, emulator } = ctx;
				expect(sentMessageId).toMatch(/^\d+$/); // the report is about the message the send test sent
				// A new workflow in a new tab of the same session (the send workflow stays as it is).
				page = await page.context().newPage();
				await step(page, `line${line.line}-trigger`, async () => {
					await page.goto('/workflow/new');
					await page.getByTestId('canvas-add-button').waitFor({ timeout: 60_000 });
					await searchNodes('sms');
					await creatorItems().filter({ hasText: /^SMSAPI/ }).first().click();
					await creatorItems().filter({ hasText: 'On delivery report' }).click();
					await ndv().waitFor();
					// The notice at the top is one short sentence (the explanation is the Event hint).
					const notice = ndv().getByText('SMSAPI calls the Test URL above');
					// 2 lines are about 45 px high; the earlier 12-line block was over 150 px.
					expect((await notice.boundingBox())!.height).toBeLessThanOrEqual(80);

					await ndv().getByText('Webhook URLs').click();
					// A new node (version 3) has no Secret: the URL ends with the event, after the webhook ID.
					const testUrl = ndv().getByText(/\/webhook-test\/[0-9a-f-]{36}\/dlr(?![\w/-])/).first();
					await testUrl.waitFor();
					const shownTestUrl = (await testUrl.innerText()).trim();
					expect(shownTestUrl.startsWith(`${n8n.baseUrl}/webhook-test/`)).toBe(true);
					expect(shownTestUrl).toMatch(/\/dlr$/);
					await picture('trigger-urls', ndv());
					await ndv().getByTestId('radio-button-production').click();
					const productionUrl = ndv().getByText(/\/webhook\/[0-9a-f-]{36}\/dlr(?![\w/-])/).first();
					await productionUrl.waitFor();
					expect((await productionUrl.innerText()).trim()).toBe(shownTestUrl.replace('/webhook-test/', '/webhook/'));
					await ndv().getByTestId('radio-button-test').click();

					// Listen: the node registers the Test URL at the service; the emulator then sends a report there.
					await ndv().getByTestId('node-execute-button').click();
					await ndv().getByText(/Listening for test event|Waiting for you to|Listening/i).first().waitFor();
					let registered = false;
					for (let i = 0; i < 60 && !registered; i++) {
						const callbacks = (await (await fetch(`${emulator.controlUrl}/callbacks?type=dlr`)).json()) as unknown[];
						const state = (await (await fetch(`${emulator.controlUrl}/state`)).json()) as { callbackRegistry?: unknown };
						registered = JSON.stringify(state).includes(shownTestUrl) || JSON.stringify(callbacks).includes(shownTestUrl);
						if (!registered) await page.waitForTimeout(500);
					}
					expect(registered).toBe(true);
					const dlr = await fetch(`${emulator.controlUrl}/dlr`, {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify({ ids: [sentMessageId], status: 404 }),
					});
					expect(dlr.status).toBe(200);
					const output = ndv().getByTestId('output-panel');
					await output.getByText(sentMessageId).first().waitFor({ timeout: 30_000 });
					await picture('trigger-output', ndv());
				});
			},
			TEST_TIMEOUT_MS,
		);
	});
}
