/**
 * Where n8n users look for a node that asks a person (n8n's nodes panel in a real Chromium): the
 * *Human in the Loop* section of the panel that opens after a trigger (both n8n lines build it from
 * the codex category `HITL`, subcategory "Human in the Loop", of every node type they know, the
 * installed community nodes among them), and the search ("approval", "human"). A click in that
 * section adds the node with its Send and Wait operation, as n8n does for Slack or Gmail. A node of
 * that section leaves *Action in an app* (n8n files it by its codex subcategories, "*" being that
 * list): Smsapi.node.json names both, so the node stays where SMS nodes are looked for. With
 * UPDATE_README_IMAGES=1 the line-2 run saves docs/images/nodes-panel-human-in-the-loop.png.
 */
import type { Page } from 'playwright-core';

import { E2E_SETUP_TIMEOUT_MS } from '../harness';
import { newEditorPage, saveDocsImage, step } from '../harness/browser';
import { TEST_TIMEOUT_MS, type InstalledPackageSuite } from './suite';

/** The section's title in the panel: "Human review" (n8n 2.41), "Human in the loop" (1.123). */
const SECTION_TITLE = /^\s*(Human review|Human in the loop)/i;

export function registerNodesPanelTests(ctx: InstalledPackageSuite): void {
	const { line } = ctx;

	describe('the nodes panel in Chromium: Human in the Loop', () => {
		let page: Page;
		const panel = () => page.getByTestId('node-creator');
		const items = () => panel().getByTestId('item-iterator-item');
		const smsapi = () => items().filter({ hasText: /^SMSAPI/ });

		beforeAll(async () => {
			({ page } = await newEditorPage(ctx.browser, ctx.n8n));
		}, E2E_SETUP_TIMEOUT_MS);

		afterAll(async () => {
			await page?.context().close();
		});

		/** A new workflow with a Manual Trigger, and the panel opened after it (where the section is). */
		async function panelAfterTrigger(): Promise<void> {
			await page.goto('/workflow/new');
			await page.getByTestId('canvas-add-button').waitFor({ timeout: 60_000 });
			await page.getByTestId('canvas-add-button').click();
			await page.getByTestId('node-creator-search-bar').fill('manual');
			await items().filter({ hasText: 'Manual Trigger' }).first().click();
			await page.getByTestId('canvas-node').first().waitFor();
			await page.getByTestId('node-creator-plus-button').click();
			await panel().waitFor();
		}

		it(
			'the SMSAPI node is listed under Human in the Loop; a click there adds it as Send and Wait for Approval',
			async () => {
				await step(page, `line${line.line}-human-in-the-loop`, async () => {
					await panelAfterTrigger();
					// Its title: "Human review" on n8n 2.x, "Human in the loop" on 1.x (the same section, key "Human in the Loop").
					await items().filter({ hasText: SECTION_TITLE }).first().click();
					await panel().getByText(/Send and wait for response/i).first().waitFor();
					// Listed (n8n's own nodes of the section around it), and nowhere a second time.
					await smsapi().first().waitFor();
					expect(await smsapi().count()).toBe(1);
					await items().filter({ hasText: /^Slack/ }).first().waitFor();
					if (line.line === '2' && process.env.UPDATE_README_IMAGES === '1') {
						await saveDocsImage(page, 'nodes-panel-human-in-the-loop', panel());
					}
					await smsapi().first().click();
					// n8n 2.x first shows an installed node's details, with the actions the section keeps: only
					// the operation `sendAndWait` (n8n's convention); 1.x adds the node with it at once.
					const ndv = page.getByTestId('ndv');
					const approval = items().filter({ hasText: 'Send an SMS and wait for an answer' });
					await approval.or(ndv).first().waitFor();
					if (await approval.first().isVisible()) {
						expect(await items().filter({ hasText: /^Send an SMS/ }).count()).toBe(1);
						await approval.first().click();
					}
					await ndv.waitFor();
					await ndv.getByTestId('parameter-input-responseType').waitFor();
					// The Operation field shows its choice as text (2.x) or as its input's value (1.x).
					const operation = await ndv.getByTestId('parameter-input-operation').evaluate((field) =>
						[field.textContent, ...[...field.querySelectorAll('input')].map((input) => input.value)].join(' '),
					);
					expect(operation).toContain('Send and Wait for Approval');
				});
			},
			TEST_TIMEOUT_MS,
		);

		it(
			'the SMSAPI node is still listed under Action in an app (n8n moves a node of the section out of it unless its codex keeps it there)',
			async () => {
				await step(page, `line${line.line}-action-in-an-app`, async () => {
					await panelAfterTrigger();
					await items().filter({ hasText: /^\s*Action in an app/i }).first().click();
					await items().filter({ hasText: /^Airtable/ }).first().waitFor();
					// Searched inside the section: its own matches first, then "Results in other categories".
					await page.getByTestId('node-creator-search-bar').fill('SMSAPI');
					await smsapi().first().waitFor();
					const order = await panel()
						.locator('[data-test-id="item-iterator-item"], [data-test-id="node-creator-category-item"]')
						.evaluateAll((found) => found.map((element) => `${element.getAttribute('data-test-id')}: ${element.textContent?.trim()}`));
					expect(order[0]).toMatch(/^item-iterator-item: SMSAPI/);
				});
			},
			TEST_TIMEOUT_MS,
		);

		it(
			'searching "approval" or "human" finds the SMSAPI node',
			async () => {
				await step(page, `line${line.line}-search-approval`, async () => {
					await panelAfterTrigger();
					for (const word of ['approval', 'human']) {
						await page.getByTestId('node-creator-search-bar').fill(word);
						await smsapi().first().waitFor();
					}
				});
			},
			TEST_TIMEOUT_MS,
		);
	});
}
