import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiPath } from '../../transport';
import { idDropdownField, type RecordById } from '../byId';

/**
 * Short links of the account (panel_com.yml `/short_url/links`): `ShortUrl` entries
 * `{id, name, url, short_url, expire, hits, hits_unique, description}`; ids are digit strings.
 */
export const shortLinkIdField: INodeProperties = idDropdownField(
	'Short Link Name or ID',
	'linkId',
	'getShortLinkIds',
	'The short link.',
);

export const descriptionField: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	default: '',
	description: 'A free description of the link (description)',
};

export const nameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	placeholder: 'e.g. spring-sale',
	description:
		'The name of the link, also its path (name); unique in the account. Empty: the service makes one up.',
};

export const urlField: INodeProperties = {
	displayName: 'URL',
	name: 'url',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://example.com/offer',
	description: 'The http or https address the short link leads to',
};

function shortLinkPath(linkId: string): string {
	return apiPath`short_url/links/${{ linkId }}`;
}

/** A short link by id, for get, update and delete. */
export const shortLinkRecord: RecordById = {
	resource: 'shortLink',
	noun: 'short link',
	idField: shortLinkIdField,
	path: shortLinkPath,
};

/** An http(s) address, or false. */
export function isHttpAddress(value: string): boolean {
	try {
		const parsed = new URL(value);
		return parsed.protocol === 'http:' || parsed.protocol === 'https:';
	} catch {
		// Not an address at all.
		return false;
	}
}

/** `value` when it is an http(s) address; else an error, `outcome` saying what was not done. */
export function httpAddress(
	this: IExecuteFunctions,
	value: string,
	outcome: string,
	itemIndex: number,
): string {
	if (!isHttpAddress(value)) {
		throw new NodeOperationError(this.getNode(), `Not an http(s) address: "${value}"`, {
			itemIndex,
			description: `${outcome} Enter the full address, e.g. https://example.com/offer.`,
		});
	}
	return value;
}
