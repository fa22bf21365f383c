/**
 * The n8n editor in a real Chromium (Debian's `chromium`, provisioned by scripts/provision.sh),
 * driven by playwright-core. Nothing here downloads a browser.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { chromium, selectors, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

import { E2E_OWNER, E2E_WORK_DIR, PROJECT_ROOT } from './config';
import type { N8nInstance } from './N8nInstance';

/** Screenshots taken when a browser step fails. */
export const FAILURE_SCREENSHOT_DIR = path.join(E2E_WORK_DIR, 'screenshots');
/** Pictures the README shows (written by the editor test on n8n line 2). */
export const DOCS_IMAGES_DIR = path.join(PROJECT_ROOT, 'docs', 'images');

/** The Chromium binary: SMSAPI_E2E_CHROMIUM, else `chromium` on PATH. Throws a clear error when missing. */
export function chromiumPath(): string {
	const fromEnv = process.env.SMSAPI_E2E_CHROMIUM;
	if (fromEnv) return fromEnv;
	for (const name of ['chromium', 'chromium-browser']) {
		try {
			const found = execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
			if (found) return found;
		} catch {
			// not this one
		}
	}
	throw new Error('Chromium is not installed: run `npm run provision` (it installs the Debian package `chromium`), or set SMSAPI_E2E_CHROMIUM');
}

/** n8n marks its elements with `data-test-id` (playwright's getByTestId reads `data-testid` by default). */
export function selectTestIdAttribute(): void {
	selectors.setTestIdAttribute('data-test-id');
}

/** Starts a headless Chromium (one per test file; pages come from newEditorPage()); `args` added to its own. */
export async function launchBrowser(args: string[] = []): Promise<Browser> {
	selectTestIdAttribute();
	return chromium.launch({
		executablePath: chromiumPath(),
		headless: true,
		args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run', '--disable-extensions', ...args],
	});
}

/** A phone's browser: a small touch screen with a phone's user agent (Chrome on Android). */
export const PHONE = {
	viewport: { width: 390, height: 640 },
	deviceScaleFactor: 2,
	isMobile: true,
	hasTouch: true,
	userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

/** The editor's first load in a new browser context. */
const FIRST_LOAD_TIMEOUT_MS = 120_000;

export interface EditorSession {
	context: BrowserContext;
	page: Page;
	baseUrl: string;
}

/**
 * A fresh browser context signed in as the instance's owner (the owner is set up through the REST
 * API first, then signed in through n8n's sign-in form, as a user does).
 */
export async function newEditorPage(browser: Browser, n8n: N8nInstance): Promise<EditorSession> {
	await n8n.rest('GET', '/rest/settings'); // sets the owner up on first use
	const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: n8n.baseUrl });
	context.setDefaultTimeout(20_000);
	const page = await context.newPage();
	// The first load of the editor (a new context: n8n's whole front end, several MB of scripts,
	// parsed cold) took over 20 s in CI while a queue-mode topology started beside it on the two
	// cores; what comes after it has the default.
	await page.goto('/signin', { waitUntil: 'domcontentloaded', timeout: FIRST_LOAD_TIMEOUT_MS });
	await page.getByTestId('emailOrLdapLoginId').locator('input').waitFor({ timeout: FIRST_LOAD_TIMEOUT_MS });
	await page.getByTestId('emailOrLdapLoginId').locator('input').fill(E2E_OWNER.email);
	await page.getByTestId('password').locator('input').fill(E2E_OWNER.password);
	await page.getByTestId('form-submit-button').click();
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 30_000 });
	return { context, page, baseUrl: n8n.baseUrl };
}

function fileName(label: string): string {
	return label.replace(/[^\w.-]+/g, '_');
}

/**
 * Runs one browser step; on failure saves a screenshot of the page and rethrows with its path
 * (and the page's URL) in the message.
 */
export async function step<T>(page: Page, label: string, fn: () => Promise<T>): Promise<T> {
	try {
		return await fn();
	} catch (error) {
		fs.mkdirSync(FAILURE_SCREENSHOT_DIR, { recursive: true });
		const file = path.join(FAILURE_SCREENSHOT_DIR, `${fileName(label)}-${Date.now()}.png`);
		let shot = `screenshot: ${file}`;
		try {
			await page.screenshot({ path: file, fullPage: false, timeout: 10_000 });
		} catch (e) {
			shot = `no screenshot (${(e as Error).message})`;
		}
		const message = error instanceof Error ? error.message : String(error);
		const wrapped = new Error(`browser step "${label}" failed at ${page.url()}: ${message}\n${shot}`);
		if (error instanceof Error && error.stack) wrapped.stack = `${wrapped.message}\n${error.stack}`;
		throw wrapped;
	}
}

/**
 * Saves a picture for the README into docs/images/<name>.png (the page, or one part of it).
 * Only one line writes them (see the caller), so the pictures show one n8n version.
 */
export async function saveDocsImage(page: Page, name: string, target?: Locator): Promise<string> {
	fs.mkdirSync(DOCS_IMAGES_DIR, { recursive: true });
	const file = path.join(DOCS_IMAGES_DIR, `${fileName(name)}.png`);
	// Let transitions (panels sliding in, toasts) settle before the picture.
	await page.waitForTimeout(400);
	if (target) await target.screenshot({ path: file, animations: 'disabled' });
	else await page.screenshot({ path: file, animations: 'disabled' });
	return file;
}
