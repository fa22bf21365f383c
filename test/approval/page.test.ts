/**
 * The answer link's pages (nodes/Smsapi/approval/page.ts): the opening page shows nothing of the
 * question and carries the one script its Content-Security-Policy allows (by its hash); the
 * question page writes every value, in text and in attributes, escaped, and posts the check back
 * with the answer. In a browser: test/e2e/approval.test.ts.
 */
import { createHash } from 'node:crypto';

import { openingPage, pageHeaders, questionPage } from '../../nodes/Smsapi/approval/page';
import type { Question } from '../../nodes/Smsapi/approval/question';

const HOSTILE = `"'><img src=x onerror=alert(1)>&amp;`;
const ESCAPED = '&quot;&#39;&gt;&lt;img src=x onerror=alert(1)&gt;&amp;amp;';

const question: Question = {
	responseType: 'customForm',
	message: HOSTILE,
	title: HOSTILE,
	description: HOSTILE,
	approveLabel: HOSTILE,
	submitLabel: HOSTILE,
	fields: [
		{ label: HOSTILE, type: 'text', required: true, placeholder: HOSTILE },
		{ label: 'Pick', type: 'dropdown', required: false, options: [HOSTILE, 'Plan  A'] },
		{ label: 'Note', type: 'textarea', required: false, placeholder: HOSTILE },
	],
};

/** The page's tags with their attributes, as written. */
const tags = (html: string) => html.match(/<[a-z]+(\s[^>]*)?>/g) ?? [];

describe('the question page', () => {
	it('every value escaped, in text and in every attribute; no tag but the page’s own', () => {
		const html = questionPage(question, 'check"<x>', ['problem ' + HOSTILE], { 'field-0': HOSTILE, 'field-1': '1' });
		expect(html).not.toContain('<img');
		expect(html).toContain(`<title>${ESCAPED}</title>`);
		expect(html).toContain(`placeholder="${ESCAPED}"`);
		expect(html).toContain(`value="${ESCAPED}"`);
		expect(html).toContain('<input type="hidden" name="smsapi_check" value="check&quot;&lt;x&gt;">');
		// Every attribute value is quoted and holds no quote, < or > of its own.
		for (const tag of tags(html)) expect(tag).toMatch(/^<[a-z]+(\s+[a-z-]+(="[^"<>]*")?)*\s*>$/);
	});

	it('a dropdown submits each choice by its position; the choice given before stays selected', () => {
		const html = questionPage(question, 'c', [], { 'field-1': '1' });
		expect(html).toContain(`<option value="0">${ESCAPED}</option><option value="1" selected>Plan  A</option>`);
	});
});

describe('the opening page', () => {
	it('shows nothing of the question; its one script is the one the policy allows', () => {
		const html = openingPage();
		expect(html).not.toContain('onerror');
		const scripts = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]);
		expect(scripts).toHaveLength(1);
		const hash = createHash('sha256').update(scripts[0]).digest('base64');
		expect(pageHeaders(true)['Content-Security-Policy']).toContain(`script-src 'sha256-${hash}'`);
		expect(pageHeaders()['Content-Security-Policy']).not.toContain('script');
		// It posts the check it reads from the fragment, with step=open: that shows the question only.
		expect(html).toContain('<input type="hidden" name="step" value="open"><input type="hidden" name="smsapi_check" value="">');
		expect(scripts[0]).toContain('location.hash');
	});

	it('a problem shown escaped', () => {
		expect(openingPage(HOSTILE)).toContain(`<p class="problem">${ESCAPED}</p>`);
	});
});
