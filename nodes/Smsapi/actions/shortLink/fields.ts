import type { INodeProperties } from 'n8n-workflow';

/**
 * Short links of the account (panel_com.yml `/short_url/links`): `ShortUrl` entries
 * `{id, name, url, short_url, expire, hits, hits_unique, description}`; ids are digit strings.
 */
export const shortLinkIdField: INodeProperties = {
	displayName: 'Short Link Name or ID',
	name: 'linkId',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getShortLinkIds' },
	required: true,
	default: '',
	description:
		'The short link. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

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

export function shortLinkPath(linkId: string): string {
	return `short_url/links/${encodeURIComponent(linkId)}`;
}

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
