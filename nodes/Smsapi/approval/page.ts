/**
 * The pages of an answer link: the question with its buttons or form (shown on GET: opening the
 * link, or a preview fetching it, answers nothing), and the short notices after an answer or a
 * refused call. Self-contained HTML (no script, no outside resource), every value escaped; the
 * form posts to the page's own address, query included (n8n's signature and the check), as
 * multipart form data, which n8n 2.x requires of a Send and Wait custom form (its
 * `webhook-helpers.ts`, `requiresMultipartFormData`).
 */
import type { IDataObject } from 'n8n-workflow';

import { ANSWER_FIELD, APPROVE, DECLINE, TEXT_FIELD } from './submittedAnswer';
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

function document(title: string, body: string): string {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function fieldHtml(field: FormField, index: number, values: IDataObject): string {
	const name = fieldName(index);
	const given = values[name];
	const value = escapeHtml(typeof given === 'string' ? given : '');
	const required = field.required ? ' required' : '';
	const label = `<label for="${name}">${escapeHtml(field.label)}${field.required ? ' *' : ''}</label>`;
	const placeholder = field.placeholder ? ` placeholder="${escapeHtml(field.placeholder)}"` : '';
	if (field.type === 'textarea')
		return `${label}<textarea id="${name}" name="${name}" maxlength="${MAX_ANSWER_LENGTH}"${placeholder}${required}>${value}</textarea>`;
	if (field.type === 'dropdown') {
		const options = (field.options ?? []).map(
			(option) => `<option${option === given ? ' selected' : ''}>${escapeHtml(option)}</option>`,
		);
		return `${label}<select id="${name}" name="${name}"${required}><option value=""></option>${options.join('')}</select>`;
	}
	// Any decimal: without `step` a browser's number field takes whole numbers only.
	const step = field.type === 'number' ? ' step="any"' : '';
	return `${label}<input id="${name}" name="${name}" type="${field.type}"${step} value="${value}" maxlength="${MAX_ANSWER_LENGTH}"${placeholder}${required}>`;
}

function controls(question: Question, values: IDataObject): string {
	const button = (name: string, value: string, label: string, primary: boolean) =>
		`<button type="submit" name="${name}" value="${value}"${primary ? ' class="primary"' : ''}>${escapeHtml(label)}</button>`;
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
		return `<label for="${TEXT_FIELD}">Your answer</label><textarea id="${TEXT_FIELD}" name="${TEXT_FIELD}" maxlength="${MAX_ANSWER_LENGTH}" required>${escapeHtml(given)}</textarea>${submit}`;
	}
	return `${question.fields.map((field, index) => fieldHtml(field, index, values)).join('')}${submit}`;
}

/** The question: the message, then the buttons or the form; `problems` from a submission to correct. */
export function questionPage(
	question: Question,
	problems: readonly string[] = [],
	values: IDataObject = {},
): string {
	const text = question.responseType === 'approval' ? question.message : question.description;
	const shown = problems.map((problem) => `<p class="problem">${escapeHtml(problem)}</p>`);
	return document(
		question.title,
		`<h1>${escapeHtml(question.title)}</h1>${paragraph(text)}${shown.join('')}<form method="post" enctype="multipart/form-data">${controls(question, values)}</form>`,
	);
}

/** A page with a heading and one sentence (answer recorded, link not valid, ...). */
export function noticePage(title: string, text: string): string {
	return document(title, `<h1>${escapeHtml(title)}</h1>${paragraph(text)}`);
}
