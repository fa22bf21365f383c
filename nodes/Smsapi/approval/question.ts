/**
 * What SMS → Send and Wait for Approval asks, resolved once when it sends: the answer page is
 * built from this, not from the node's parameters. The page is served later, in n8n's webhook
 * context, where `$json` is the waiting item and no longer the item that was sent, so an
 * expression in Message or a label would read other data there.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { type FormField, readFormFields, storedField } from './formFields';

/** n8n's response types of its Send and Wait operations (nodes-base `utils/sendAndWait/utils.ts`). */
const RESPONSE_TYPES = ['approval', 'freeText', 'customForm'] as const;
type ResponseType = (typeof RESPONSE_TYPES)[number];

export interface Question {
	responseType: ResponseType;
	/** The message as the SMS carries it, without the link. */
	message: string;
	/** The page's heading. */
	title: string;
	/** Text under the heading (free text and custom form; the message when not set). */
	description: string;
	/** Approval: the approve button's label. */
	approveLabel: string;
	/** Approval with a decline: its button's label; absent for Approve Only. */
	declineLabel?: string;
	/** Free text and custom form: the submit button's label. */
	submitLabel: string;
	/** Custom form: its fields. */
	fields: FormField[];
}

const DEFAULT_TITLES: Record<ResponseType, string> = {
	approval: 'Approval requested',
	freeText: 'Your answer is requested',
	customForm: 'Your answer is requested',
};

function text(value: unknown, fallback: string): string {
	const given = typeof value === 'string' ? value.trim() : '';
	return given === '' ? fallback : given;
}

/** The question of item `itemIndex` (the operation sends for one item). */
export function readQuestion(
	this: IExecuteFunctions,
	itemIndex: number,
	message: string,
): Question {
	const responseType = this.getNodeParameter('responseType', itemIndex, 'approval') as string;
	if (!(RESPONSE_TYPES as readonly string[]).includes(responseType))
		throw new NodeOperationError(this.getNode(), `Unknown Response Type "${responseType}"`, {
			itemIndex,
			description: 'Nothing was sent. Choose Approval, Free Text or Custom Form.',
		});
	const type = responseType as ResponseType;
	const approval = this.getNodeParameter('approvalOptions.values', itemIndex, {}) as IDataObject;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return {
		responseType: type,
		message,
		title: text(options.responseFormTitle, DEFAULT_TITLES[type]),
		description: text(options.responseFormDescription, message),
		approveLabel: text(approval.approveLabel, 'Approve'),
		...(approval.approvalType === 'double'
			? { declineLabel: text(approval.disapproveLabel, 'Decline') }
			: {}),
		submitLabel: text(options.responseFormButtonLabel, 'Submit'),
		fields: type === 'customForm' ? readFormFields.call(this, itemIndex) : [],
	};
}

function isText(value: unknown): value is string {
	return typeof value === 'string';
}

/** The question kept in a waiting item, when it has the shape `readQuestion` gave it. */
export function storedQuestion(value: unknown): Question | undefined {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
	const question = value as Partial<Question>;
	const known = (RESPONSE_TYPES as readonly unknown[]).includes(question.responseType);
	const texts = [
		question.message,
		question.title,
		question.description,
		question.approveLabel,
		question.submitLabel,
	];
	if (!known || !texts.every(isText) || !Array.isArray(question.fields)) return undefined;
	if (question.declineLabel !== undefined && !isText(question.declineLabel)) return undefined;
	// Every field as readFormFields made it: the page writes their types and choices into HTML.
	const fields = question.fields.map(storedField);
	if (!fields.every((field): field is FormField => field !== undefined)) return undefined;
	if (question.responseType === 'customForm' && fields.length === 0) return undefined;
	return { ...(question as Question), fields };
}
