import type { INodeProperties } from 'n8n-workflow';

/**
 * The fields every send shares (SMS, MMS, voice, the e-mail gateway): recipients, the message and
 * the node's own options. Names are the camelCase of the service's parameter names
 * (docs/service-behaviour.md, "Public names"); each description gives the service's meaning.
 */

/** Recipients of a send (SMS, MMS, voice). */
export const toField: INodeProperties = {
	displayName: 'To',
	name: 'to',
	type: 'string',
	default: '',
	required: true,
	placeholder: '48500000000, 48500000001',
	description:
		'Recipient phone numbers with the country prefix, separated by commas (an array from an expression also works). Spaces, dashes and a leading + or 00 are removed.',
};

const MESSAGE_HINT =
	'Placeholders: [%1%]–[%4%] take Param 1–4 (one value per recipient), [%contact.field name%] a contact field (group sends), [%code%] a discount code, [%goto:https://…%] a short link unique per recipient, [%opt_out_link%] an unsubscribe link.';

/**
 * A chosen template replaces the message (the service: `template` replaces `message`), so Message is
 * hidden then: n8n refuses to run a node whose displayed required parameter is empty, and a
 * template send would otherwise need a dummy text. A root path (`/options.template`) is the only
 * form n8n 1.x resolves for a value inside a collection.
 */
export const HIDE_WITH_TEMPLATE: INodeProperties['displayOptions'] = {
	hide: { '/options.template': [{ _cnd: { exists: true } }] },
};

export const messageField: INodeProperties = {
	displayName: 'Message',
	name: 'message',
	type: 'string',
	typeOptions: { rows: 4 },
	default: '',
	required: true,
	description:
		"The text of the SMS. Up to 160 plain characters fit in one part (70 with special characters such as Polish letters or emoji); longer texts are sent as up to 10 parts, each charged, as far as the account's maximum of parts allows.",
	hint: MESSAGE_HINT,
};

export const neutralizeMacrosOption: INodeProperties = {
	displayName: 'Neutralize Macros From Expressions',
	name: 'neutralizeMacros',
	type: 'boolean',
	default: false,
	description:
		'Whether service macros ([%goto:…%], [%code%], [%1%], …) in the text that expressions put into Message and Param 1–4 are made inert (a space inside the brackets), so that customer-supplied text cannot create short links, codes or placeholders under your sender name. Macros typed as fixed text keep working.',
};

/** `options` with the node's own options added, sorted by name as n8n lists them. */
export function withOwnOptions(
	options: INodeProperties[],
	own: INodeProperties[],
): INodeProperties[] {
	return [...options, ...own].sort((a, b) => a.displayName.localeCompare(b.displayName));
}
