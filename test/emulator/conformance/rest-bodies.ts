/**
 * Bodies of the published API's newer REST calls (RCS, opt-out settings, sub-users and their
 * shares) that take more than a list of fields, for rest-api.ts: summarised in our own words from
 * `panel_com.yml` (voxgig-sdk/smsapi-sdk, `.sdk/def/upstream/`).
 */
import type { FieldRule, Fields, Problem, RestBody } from './types';

/**
 * Characters as JSON Schema's `maxLength` counts them (code points, not UTF-16 units): the
 * published limits are `maxLength` values.
 */
export function characterCount(text: string): number {
	return [...text].length;
}

const text: FieldRule = { type: 'string' };
const id: FieldRule = { type: 'id' };
const flag: FieldRule = { type: 'boolean' };

/** `SendRcsMessage`: either text (at most 3072 characters) or content must be given. */
function rcsContent(body: Readonly<Record<string, unknown>>): Problem[] {
	const text = body.text;
	if (text === undefined && body.content === undefined) {
		return [{ path: 'text', error: 'required', message: 'either text or content must be provided', value: null }];
	}
	if (typeof text === 'string' && characterCount(text) > 3072) {
		return [{ path: 'text', error: 'too_long', message: 'text is longer than 3072 characters', value: `${characterCount(text)} characters` }];
	}
	return [];
}

export const rcsMessageBody: RestBody = {
	media: ['json', 'form'],
	fields: { phone_number: text, sender: id, text, content: { type: 'object' } },
	required: ['phone_number', 'sender'],
	refine: rcsContent,
};

/** `OptOutSettings.brand`: at most 255 characters. */
export function brandLength(body: Readonly<Record<string, unknown>>): Problem[] {
	const brand = body.brand;
	if (typeof brand !== 'string' || characterCount(brand) <= 255) return [];
	return [{ path: 'brand', error: 'too_long', message: 'brand takes at most 255 characters', value: brand }];
}

/** `credentials` {username, password, api_password} and `points` {from_account, per_month} are objects. */
export const subuserFields: Fields = { credentials: { type: 'object' }, active: flag, description: text, points: { type: 'object' } };

/** `CreateSubuserCredentials` requires username and password; `UpdateSubuserCredentials` has no username. */
export function subuserCredentials(creating: boolean) {
	return (body: Readonly<Record<string, unknown>>): Problem[] => {
		const credentials = body.credentials as Record<string, unknown> | undefined;
		if (credentials === undefined) return [];
		const allowed = creating ? ['username', 'password', 'api_password'] : ['password', 'api_password'];
		const problems: Problem[] = Object.keys(credentials)
			.filter((key) => !allowed.includes(key))
			.map((key) => ({ path: `credentials.${key}`, error: 'unknown_field', message: `credentials.${key} is not a field here`, value: credentials[key] }));
		for (const key of creating ? ['username', 'password'] : []) {
			if (typeof credentials[key] !== 'string' || credentials[key] === '') {
				problems.push({ path: `credentials.${key}`, error: 'required', message: `credentials.${key} is required`, value: null });
			}
		}
		return problems;
	};
}

/** `SubuserSendernamesAccess` / `SubuserTemplatesAccess`: access all, none or selected, and the names selected. */
export const shareBody = (listField: string) => ({
	media: ['json'] as const,
	fields: { access: { type: 'string', enum: ['all', 'none', 'selected'] }, [listField]: { type: 'string', list: true } } as Fields,
	required: ['access'],
});
