/**
 * The answer a POST from the answer page carries (page.ts names its fields), in the shape of n8n's
 * own Send and Wait operations (nodes-base `utils/sendAndWait/utils.ts`, `sendAndWaitWebhook`):
 * `{ approved }` for an approval, `{ text }` for free text, the fields by label for a custom form.
 * The body is whatever n8n parsed from the request, so every value is checked for its type.
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_ANSWER_LENGTH, readSubmission, withLineFeeds } from './formFields';
import type { Question } from './question';

/** The page's form fields of an approval and a free-text answer. */
export const ANSWER_FIELD = 'answer';
export const TEXT_FIELD = 'text';
/** The opening page's fields: `open` (show the question, answer nothing) and a pasted link. */
export const STEP_FIELD = 'step';
export const LINK_FIELD = 'link';
export const APPROVE = 'approve';
export const DECLINE = 'decline';

type Answer = { data: IDataObject } | { problems: string[] };

function approval(question: Question, body: IDataObject): Answer {
	const given = body[ANSWER_FIELD];
	if (given === APPROVE) return { data: { approved: true } };
	if (given === DECLINE && question.declineLabel !== undefined)
		return { data: { approved: false } };
	return { problems: ['Choose one of the buttons.'] };
}

function freeText(body: IDataObject): Answer {
	const given = body[TEXT_FIELD];
	if (typeof given !== 'string' || given.trim() === '') return { problems: ['Write your answer.'] };
	// Counted as the page's text area counts it: a line break is one character (the browser sends CRLF).
	const text = withLineFeeds(given);
	if (text.length > MAX_ANSWER_LENGTH)
		return { problems: [`The answer is longer than ${MAX_ANSWER_LENGTH} characters.`] };
	return { data: { text } };
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The fields of a submitted page: n8n parses the page's multipart form into `{ data, files }` (its
 * `webhook-form-data.ts`; n8n 2.x takes nothing else for a custom form), a urlencoded one into the
 * fields themselves. No field of the page is named `data`.
 */
export function submittedFields(body: unknown): IDataObject {
	if (!isObject(body)) return {};
	return isObject(body.data) ? body.data : body;
}

/** The answer of a submitted page, or what to correct (the page is then shown again). */
export function readAnswer(question: Question, body: unknown): Answer {
	const fields = submittedFields(body);
	switch (question.responseType) {
		case 'approval':
			return approval(question, fields);
		case 'freeText':
			return freeText(fields);
		default:
			return readSubmission(question.fields, fields);
	}
}
