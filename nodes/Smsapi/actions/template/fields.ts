import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { apiPath } from '../../transport';
import { idDropdownField, type RecordById } from '../byId';

/**
 * SMS templates (panel_com.yml `/sms/templates`): form bodies `CreateSmsTemplate` with `name`,
 * `template` (the text, with [%1%]..[%4%] for Param 1–4 of a send) and `normalize`.
 */
export const templateIdField: INodeProperties = idDropdownField(
	'Template Name or ID',
	'templateId',
	'getTemplateIds',
	'The template.',
);

export const normalizeField: INodeProperties = {
	displayName: 'Normalize',
	name: 'normalize',
	type: 'boolean',
	default: false,
	description:
		'Whether special characters of the text are replaced by plain ones when it is sent (normalize)',
};

export const templateTextField: INodeProperties = {
	displayName: 'Template',
	name: 'template',
	type: 'string',
	typeOptions: { rows: 3 },
	default: '',
	placeholder: 'e.g. Hello [%1%], your order [%2%] has shipped.',
	description:
		'The text of the template (template); [%1%] to [%4%] are filled from Param 1–4 of a send',
};

const WIRE_NAMES: Record<string, string> = {
	name: 'name',
	normalize: 'normalize',
	template: 'template',
};

/** The fields in the service's names; empty texts left out, flags as they are (sent as 1/0). */
export function toTemplateParameters(fields: IDataObject): IDataObject {
	const parameters: IDataObject = {};
	for (const [name, value] of Object.entries(fields)) {
		const wireName = WIRE_NAMES[name];
		if (!wireName || value === undefined || value === null || value === '') continue;
		parameters[wireName] =
			typeof value === 'string' && name === 'name' ? value.trim() : (value as string | boolean);
	}
	return parameters;
}

function templatePath(templateId: string): string {
	return apiPath`sms/templates/${{ templateId }}`;
}

/** A template by id, for get, update and delete. */
export const templateRecord: RecordById = {
	resource: 'template',
	noun: 'template',
	idField: templateIdField,
	path: templatePath,
};
