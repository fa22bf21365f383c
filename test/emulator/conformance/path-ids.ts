/**
 * What the ids in the published API's paths look like, summarised in our own words from
 * `contacts_com.yml` and `panel_com.yml` (voxgig-sdk/smsapi-sdk, `.sdk/def/upstream/`): contacts,
 * groups, contact fields, callbacks, blacklist entries and sub-users are an `Id` (24 hex digits),
 * short links a `ShortUrlId` (digits), sender names a `Sender`; opt-outs (`optOutId`) and templates
 * (`smsTemplateId`) are plain strings. A segment of another shape matches no route of the service,
 * so the request is answered as an unknown path is (404).
 */
import type { Problem } from './types';

const OBJECT_ID = /^[0-9a-fA-F]{24}$/;
const DIGITS = /^\d+$/;
/** `Sender`: `^[0-9]{8,16}|[\w.\-&@ %!+]{0,11}$`, the alternatives read as a whole. */
const SENDER = /^(?:[0-9]{8,16}|[\w.\-&@ %!+]{0,11})$/;
/** Built-in fields whose choices go by name: the PHP client's integration test reads `gender`'s. */
const BUILT_IN_FIELDS_WITH_CHOICES = new Set(['gender']);

/** The rule of one `{name}` segment of `template`, or undefined where any text goes. */
function ruleFor(template: string, name: string): ((segment: string) => boolean) | undefined {
	if (name === 'fieldId' && template.endsWith('/options')) {
		return (segment) => OBJECT_ID.test(segment) || BUILT_IN_FIELDS_WITH_CHOICES.has(segment);
	}
	if (name === 'contactId' || name === 'groupId' || name === 'fieldId') return (segment) => OBJECT_ID.test(segment);
	if (name === 'sender') return (segment) => SENDER.test(segment);
	if (name !== 'id') return undefined;
	if (template.startsWith('/short_url/links/')) return (segment) => DIGITS.test(segment);
	if (template.startsWith('/sms/templates/')) return undefined;
	return (segment) => OBJECT_ID.test(segment);
}

function decoded(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

/** The first id of `path` that is not of its kind in `template` (which the path matches), as a problem. */
export function pathIdProblem(template: string, path: string): Problem | undefined {
	const want = template.split('/').filter(Boolean);
	const got = path.split('/').filter(Boolean);
	for (const [index, segment] of want.entries()) {
		if (!segment.startsWith('{')) continue;
		const name = segment.slice(1, -1);
		const value = decoded(got[index] ?? '');
		const rule = ruleFor(template, name);
		if (rule && !rule(value)) {
			return { path: name, error: 'not_found', message: `${JSON.stringify(value)} is not a ${name} of the published API`, value };
		}
	}
	return undefined;
}
