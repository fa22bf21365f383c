/**
 * What an id of each kind looks like in SMSAPI's published API (the OpenAPI files
 * `contacts_com.yml` and `panel_com.yml` of voxgig-sdk/smsapi-sdk, `.sdk/def/upstream/`;
 * docs/service-differences.md, P1), so that a value that is no such id is refused before any
 * request. The records' paths have siblings: `DELETE /opt_outs/settings` would reach the opt-out
 * settings, `/contacts/fields/available` the list of fields, `/contacts/trash` the contacts' trash.
 */

export interface IdFormat {
	/** Whether the text is an id of this kind. */
	accepts: (text: string) => boolean;
	/** What such an id looks like, for the error that refuses one. */
	looksLike: string;
}

/** The published `Id` (`[0-9a-fA-F]{24}`): contacts, groups, contact fields (contacts_com.yml). */
const OBJECT_ID: IdFormat = {
	accepts: (text) => /^[0-9a-fA-F]{24}$/.test(text),
	looksLike: '24 characters 0-9 and a-f, e.g. 5b802315a788494a04690d1d',
};

/** The published `ShortUrlId` (`^\d+$`), panel_com.yml `/short_url/links/{id}`. */
const SHORT_LINK_ID: IdFormat = {
	accepts: (text) => /^\d+$/.test(text),
	looksLike: 'digits only, e.g. 123',
};

/** Letters and digits: nothing that could change the path (`.`, `..`, `/`, `?`, `#`, `%`). */
const LETTERS_AND_DIGITS = /^[0-9A-Za-z]+$/;

/**
 * An id the published API types only as a string (`optOutId`, `smsTemplateId`): letters and
 * digits, and not the name of the path the API has beside the records.
 */
function plainId(siblings: readonly string[]): IdFormat {
	return {
		accepts: (text) => LETTERS_AND_DIGITS.test(text) && !siblings.includes(text.toLowerCase()),
		looksLike: `letters and digits as Get Many lists it, e.g. 5b802315a788494a04690d1d, never "${siblings.join('" or "')}" (another address of the API)`,
	};
}

/** An id read from the service's answers (sub-users, callbacks, blacklist entries). */
const SERVICE_ID: IdFormat = {
	accepts: (text) => LETTERS_AND_DIGITS.test(text),
	looksLike: 'letters and digits only, e.g. 5b802315a788494a04690d1d',
};

/**
 * The published `Sender` (`^[0-9]{8,16}|[\w.\-&@ %!+]{0,11}$`, panel_com.yml): a phone number of
 * 8 to 16 digits, or at most 11 of letters, digits and `_ . - & @ % ! +` and spaces. `\w` is
 * ASCII there (no Unicode mode).
 */
export const SENDER_NAME: IdFormat = {
	accepts: (text) => /^(?:[0-9]{8,16}|[A-Za-z0-9_.\-&@ %!+]{1,11})$/.test(text),
	looksLike:
		'a phone number of 8 to 16 digits, or at most 11 of letters A-Z, digits, spaces and _ . - & @ % ! +',
};

/** A sender name in a path: `/sms/sendernames/statement` is the statement a new name needs, not a name. */
export const SENDER_NAME_IN_PATH: IdFormat = {
	accepts: (text) => SENDER_NAME.accepts(text) && text !== 'statement',
	looksLike: `${SENDER_NAME.looksLike}, never "statement" (the address of the statement a new name needs)`,
};

/** The formats of the ids a user gives, by the name of their field (the key apiPath is given). */
const ID_FORMATS: Readonly<Record<string, IdFormat>> = {
	contactId: OBJECT_ID,
	groupId: OBJECT_ID,
	contactFieldId: OBJECT_ID,
	linkId: SHORT_LINK_ID,
	optOutId: plainId(['settings']),
	templateId: plainId(['available']),
};

/** The format of an id given under `field`; letters and digits for any other field. */
export function idFormatOf(field: string): IdFormat {
	return Object.prototype.hasOwnProperty.call(ID_FORMATS, field) ? ID_FORMATS[field] : SERVICE_ID;
}
