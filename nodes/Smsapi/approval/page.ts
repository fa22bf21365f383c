/**
 * The pages of an answer link: the opening page (GET: it shows nothing of the question; its
 * script carries the check from the link's fragment into a POST, answerLink.ts), the question
 * with its buttons or form (shown to a POST with the check: opening the link, or a preview fetching
 * it, answers nothing), and the short notices after an answer or a refused call. Self-contained
 * HTML (no outside resource; one inline script, allowed by its hash), every value escaped; the
 * forms post to the page's own address, query included (n8n's signature), as multipart form data,
 * which n8n 2.x requires of a Send and Wait custom form (its `webhook-helpers.ts`,
 * `requiresMultipartFormData`).
 */
import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import { CHECK_FIELD } from './answerLink';
import {
	ANSWER_FIELD,
	APPROVE,
	DECLINE,
	LINK_FIELD,
	STEP_FIELD,
	TEXT_FIELD,
} from './submittedAnswer';
import { type FormField, MAX_ANSWER_LENGTH, fieldName } from './formFields';
import type { Question } from './question';

const ESCAPES: Record<string, string> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
	"'": '&#39;',
};

function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

/** ` name="value"`, the value escaped: every attribute the pages write goes through here. */
function attribute(name: string, value: string | number): string {
	return ` ${name}="${escapeHtml(String(value))}"`;
}

/** Text with its line breaks kept. */
function paragraph(text: string): string {
	return `<p>${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;
}

const STYLE = `body{font-family:system-ui,-apple-system,sans-serif;background:#f5f6f8;color:#222;margin:0;padding:16px}
main{max-width:480px;margin:24px auto;background:#fff;border:1px solid #dde;border-radius:8px;padding:24px}
h1{font-size:20px;margin:0 0 12px}p{line-height:1.4;word-wrap:break-word}
label{display:block;margin:16px 0 4px;font-weight:600}
input,select,textarea{width:100%;box-sizing:border-box;padding:8px;font:inherit;border:1px solid #bbc;border-radius:4px}
textarea{min-height:120px}.buttons{display:flex;gap:8px;margin-top:20px}
button{flex:1;padding:12px;font:inherit;font-weight:600;border-radius:6px;border:1px solid #bbc;background:#fff;cursor:pointer}
button.primary{background:#1f6feb;border-color:#1f6feb;color:#fff}.problem{color:#b42318}`;

/**
 * The opening page's script: the check from the link's fragment into the form, which it posts at
 * once (that shows the question; only a tap on its button answers). Without a fragment it leaves
 * the form for pasting the SMS's link.
 */
const OPEN_SCRIPT = `(function(){var f=document.getElementById("open"),c="";try{c=decodeURIComponent(location.hash.slice(1))}catch(e){}if(!c)return;f.elements["${CHECK_FIELD}"].value=c;document.getElementById("lost").hidden=true;f.submit()})();`;

const BASE_POLICY =
	"default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** Headers of every page: not cached, not indexed, no address in a Referer, nothing from outside. */
export function pageHeaders(withScript = false): Record<string, string> {
	const script = withScript
		? `; script-src 'sha256-${createHash('sha256').update(OPEN_SCRIPT).digest('base64')}'`
		: '';
	return {
		'Content-Type': 'text/html; charset=utf-8',
		'Cache-Control': 'no-store',
		'X-Robots-Tag': 'noindex, nofollow',
		'Referrer-Policy': 'no-referrer',
		'Content-Security-Policy': `${BASE_POLICY}${script}`,
	};
}

function document(title: string, body: string, script = ''): string {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main>${script}</body></html>`;
}

function hidden(name: string, value: string): string {
	return `<input type="hidden"${attribute('name', name)}${attribute('value', value)}>`;
}

function fieldHtml(field: FormField, index: number, values: IDataObject): string {
	const name = fieldName(index);
	const given = typeof values[name] === 'string' ? (values[name] as string) : '';
	const required = field.required ? ' required' : '';
	const label = `<label${attribute('for', name)}>${escapeHtml(field.label)}${field.required ? ' *' : ''}</label>`;
	const named = `${attribute('id', name)}${attribute('name', name)}`;
	const placeholder = field.placeholder ? attribute('placeholder', field.placeholder) : '';
	if (field.type === 'textarea')
		return `${label}<textarea${named}${attribute('maxlength', MAX_ANSWER_LENGTH)}${placeholder}${required}>${escapeHtml(given)}</textarea>`;
	if (field.type === 'dropdown') {
		// Each choice submitted by its position: the browser would send an option's text with its
		// white space collapsed and its line breaks changed (answer: formFields.ts, chosenOption).
		const options = (field.options ?? []).map(
			(option, position) =>
				`<option${attribute('value', position)}${String(position) === given ? ' selected' : ''}>${escapeHtml(option)}</option>`,
		);
		return `${label}<select${named}${required}><option value=""></option>${options.join('')}</select>`;
	}
	// Any decimal: without `step` a browser's number field takes whole numbers only.
	const step = field.type === 'number' ? ' step="any"' : '';
	return `${label}<input${named}${attribute('type', field.type)}${step}${attribute('value', given)}${attribute('maxlength', MAX_ANSWER_LENGTH)}${placeholder}${required}>`;
}

function controls(question: Question, values: IDataObject): string {
	const button = (name: string, value: string, label: string, primary: boolean) =>
		`<button type="submit"${attribute('name', name)}${attribute('value', value)}${primary ? ' class="primary"' : ''}>${escapeHtml(label)}</button>`;
	if (question.responseType === 'approval') {
		const decline =
			question.declineLabel === undefined
				? ''
				: button(ANSWER_FIELD, DECLINE, question.declineLabel, false);
		return `<div class="buttons">${decline}${button(ANSWER_FIELD, APPROVE, question.approveLabel, true)}</div>`;
	}
	const submit = `<div class="buttons"><button type="submit" class="primary">${escapeHtml(question.submitLabel)}</button></div>`;
	if (question.responseType === 'freeText') {
		const given = typeof values[TEXT_FIELD] === 'string' ? (values[TEXT_FIELD] as string) : '';
		return `<label${attribute('for', TEXT_FIELD)}>Your answer</label><textarea${attribute('id', TEXT_FIELD)}${attribute('name', TEXT_FIELD)}${attribute('maxlength', MAX_ANSWER_LENGTH)} required>${escapeHtml(given)}</textarea>${submit}`;
	}
	return `${question.fields.map((field, index) => fieldHtml(field, index, values)).join('')}${submit}`;
}

/**
 * The question: the message, then the buttons or the form, which posts `check` back with the
 * answer; `problems` from a submission to correct.
 */
export function questionPage(
	question: Question,
	check: string,
	problems: readonly string[] = [],
	values: IDataObject = {},
): string {
	const text = question.responseType === 'approval' ? question.message : question.description;
	const shown = problems.map((problem) => `<p class="problem">${escapeHtml(problem)}</p>`);
	return document(
		question.title,
		`<h1>${escapeHtml(question.title)}</h1>${paragraph(text)}${shown.join('')}<form method="post" enctype="multipart/form-data">${hidden(CHECK_FIELD, check)}${controls(question, values)}</form>`,
	);
}

/**
 * The page a GET of the link gets: nothing of the question. Its script posts the check from the
 * fragment; where the fragment was lost (or scripts are off) it asks for the SMS's link instead.
 */
export function openingPage(problem?: string): string {
	const shown = problem === undefined ? '' : `<p class="problem">${escapeHtml(problem)}</p>`;
	return document(
		'Opening…',
		`<form id="open" method="post" enctype="multipart/form-data">${hidden(STEP_FIELD, 'open')}${hidden(CHECK_FIELD, '')}<div id="lost"><h1>Open the link from the SMS</h1>${shown}<p>This address lacks the code that follows # in the SMS's link. Tap the link in the SMS itself, or copy the whole link from the SMS and paste it here.</p><label${attribute('for', LINK_FIELD)}>The link from the SMS</label><input${attribute('id', LINK_FIELD)}${attribute('name', LINK_FIELD)} type="text" autocomplete="off" maxlength="2000"><div class="buttons"><button type="submit" class="primary">Continue</button></div></div></form>`,
		`<script>${OPEN_SCRIPT}</script>`,
	);
}

/** A page with a heading and one sentence (answer recorded, link not valid, ...). */
export function noticePage(title: string, text: string): string {
	return document(title, `<h1>${escapeHtml(title)}</h1>${paragraph(text)}`);
}
