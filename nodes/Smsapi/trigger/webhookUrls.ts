/**
 * Where the trigger listens, and why the URL n8n shows is the one that works.
 *
 * n8n builds a node's webhook URL from the webhook description's `path`, evaluated as an
 * expression over the node's parameters, behind the node's webhook id:
 * `<base>/webhook/<webhook id>/<path>` (n8n-workflow `NodeHelpers.getNodeWebhookUrl`; the editor
 * computes the Test and Production URLs it shows the same way, and the server registers the same
 * path in its webhook table). So the secret goes INTO the path: `…/<event>/<secret>`. The URL a
 * user copies from the trigger panel then carries the secret, and a caller without it finds no
 * webhook at all (404 from n8n, before this node runs).
 *
 * The secret segment is the secret itself when it only holds characters that are safe in a path
 * segment (letters, digits, `-`, `_`, `.`, `~`: the default, the node's UUID, always is). Other
 * characters are percent-encoded and each `%` (and `!'()*`) written as `_`, so that the segment
 * never needs decoding on the way; a leading `.` also becomes `_` (no `.` or `..` segments).
 *
 * URLs registered before this layout (`…/<event>?secret=<secret>`) keep working: a second webhook
 * (`queryStringSecret`, hidden in the editor) listens on the old path and checks `?secret=` as
 * before. It exists only while the secret is not empty: with an empty secret both layouts are the
 * same URL `…/<event>` (version 3's default: no Secret, so that no parameter holds an expression
 * and n8n 2.x computes both webhooks natively, `triggerWebhooks` below).
 */
import type { INodeParameters, IWebhookDescription, WebhookType } from 'n8n-workflow';

import { httpMethodExpression, httpMethodsOf, httpMethodsOfEvent } from './events';

/** The webhook on `…/<event>/<secret>`: what the editor shows and the node registers. */
export const PATH_SECRET_WEBHOOK: WebhookType = 'default';

/**
 * The webhook on `…/<event>` checking `?secret=`, for URLs registered or pasted before the secret
 * moved into the path. Not one of n8n's named webhook types: n8n accepts any name and runs no
 * setup methods for a name the node defines none for (webhook.service.ts `runWebhookMethod`).
 */
const QUERY_SECRET_WEBHOOK = 'queryStringSecret' as WebhookType;

/**
 * `body`, an expression over `secret`, given the Secret parameter read once. Each read of
 * `$parameter["secret"]` resolves the parameter again, and the default `={{ $nodeId }}` is an
 * expression: on n8n 2.x one more evaluation in its expression isolate for every read, for every
 * callback (n8n resolves the webhooks' paths and methods on each call).
 */
const withSecret = (body: string): string => `((secret) => ${body})($parameter["secret"])`;
/** The secret, trimmed, is a non-empty string (JavaScript, inside withSecret). */
const HAS_SECRET = '(typeof secret === "string" && secret.trim() !== "")';
const SECRET_SEGMENT = `encodeURIComponent(secret.trim()).replace(/[%!'()*]/g, "_").replace(/^\\./, "_")`;

/** The secret as it appears in the path (the TypeScript twin of SECRET_SEGMENT). */
export function secretPathSegment(secret: string): string {
	return encodeURIComponent(secret.trim())
		.replace(/[%!'()*]/g, '_')
		.replace(/^\./, '_');
}

/** `path` of the path-secret webhook: `<event>/<secret segment>`, or `<event>` without a secret. */
function pathSecretWebhookPath(): string {
	return `={{ $parameter["event"] + ${withSecret(`(${HAS_SECRET} ? "/" + ${SECRET_SEGMENT} : "")`)} }}`;
}

/** Whether the Secret is a text with more than blanks (HAS_SECRET, for a value without expression). */
function hasSecret(secret: unknown): secret is string {
	return typeof secret === 'string' && secret.trim() !== '';
}

/**
 * What the expressions of this file compute from parameters that hold no expression (n8n 2.x then reads
 * the description without its expression engine, description.ts): the same operators, so the
 * same values for any parameter (test/trigger/description.resolvers.test.ts compares them).
 */
const webhookFieldsOf = {
	pathSecretPath: (parameters: { event?: unknown; secret?: unknown }): string =>
		(parameters.event as string) +
		(hasSecret(parameters.secret) ? '/' + secretPathSegment(parameters.secret) : ''),
	querySecretPath: (parameters: { event?: unknown }): unknown => parameters.event,
	querySecretMethods: (parameters: { event?: unknown; secret?: unknown }): string =>
		hasSecret(parameters.secret) ? httpMethodsOf(parameters.event) : '',
};

/** `path` of the query-secret webhook: `<event>`. */
function querySecretWebhookPath(): string {
	return '={{ $parameter["event"] }}';
}

/**
 * `httpMethod` of the query-secret webhook: the event's methods while there is a secret, else
 * none (n8n skips a webhook whose methods are empty, webhook.service.ts `getNodeWebhooks`).
 */
function querySecretWebhookMethods(): string {
	return `={{ ${withSecret(`(${HAS_SECRET} ? ${httpMethodsOfEvent()} : "")`)} }}`;
}

/** The URL of the earlier layout: the webhook URL without the secret segment, with `?secret=`. */
export function querySecretUrl(eventUrl: string, secret: string): string {
	if (secret === '') return eventUrl;
	return `${eventUrl}${eventUrl.includes('?') ? '&' : '?'}secret=${encodeURIComponent(secret)}`;
}

/**
 * The secret as the URL carries it in its last segment, and that segment decoded: what the
 * registry's requests must keep out of their errors (none when the URL has no secret segment).
 */
export function secretsOfUrl(url: string, queryUrl: string): string[] {
	if (url === queryUrl) return [];
	const segment = url.slice(url.lastIndexOf('/') + 1);
	return [...new Set([segment, lastPathSegment(segment)])].filter((secret) => secret !== '');
}

/** The URL with its secret segment replaced by `<secret>` (unchanged when it has no secret segment). */
export function maskSecretSegment(url: string, queryUrl: string): string {
	return url === queryUrl ? url : `${url.slice(0, url.lastIndexOf('/'))}/<secret>`;
}

/** The last segment of a request path, decoded (`/webhook/<id>/dlr/abc?x=1` -> `abc`). */
export function lastPathSegment(path: string): string {
	const withoutQuery = path.split('?')[0].replace(/\/+$/, '');
	const segment = withoutQuery.slice(withoutQuery.lastIndexOf('/') + 1);
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

/**
 * Where n8n 2.x looks for a description field's native resolver (n8n-workflow `WEBHOOK_RESOLVERS`,
 * webhook-description-fields.ts): for a node whose parameters hold no expression, n8n computes the
 * field with it instead of its expression engine, on every call (`getNodeWebhooks`). A resolver
 * is used only while its `template` is the field's value. n8n 1.x never reads the key, and it is
 * not part of the description the editor gets (a symbol is not serialised).
 */
const WEBHOOK_RESOLVERS = Symbol.for('n8n.webhookDescriptionResolvers');

type FieldResolver = (parameters: INodeParameters) => unknown;

function withResolvers(
	description: IWebhookDescription,
	resolvers: Partial<Record<'httpMethod' | 'path', FieldResolver>>,
): IWebhookDescription {
	const entries = Object.entries(resolvers).map(([field, resolve]) => [
		field,
		{ template: description[field as keyof IWebhookDescription], resolve },
	]);
	return Object.assign(description, { [WEBHOOK_RESOLVERS]: Object.fromEntries(entries) });
}

/**
 * The node's webhooks (see webhookUrls.ts): the one the editor shows, with the secret in its path,
 * and a hidden one on the earlier path `…/<event>` that checks `?secret=`.
 * Both write every answer themselves (`OK`, or the refusal) and return `noWebhookResponse` (see
 * handler.ts). Should n8n ever answer for them, it answers `OK` right away: without
 * `responseData`, n8n's `onReceived` answer is the text "firstEntryJson".
 */
export const triggerWebhooks: IWebhookDescription[] = [
	withResolvers(
		{
			name: PATH_SECRET_WEBHOOK,
			httpMethod: httpMethodExpression(),
			responseMode: 'onReceived',
			responseData: 'OK',
			path: pathSecretWebhookPath(),
		},
		{
			httpMethod: (parameters) => httpMethodsOf(parameters.event),
			path: webhookFieldsOf.pathSecretPath,
		},
	),
	withResolvers(
		{
			name: QUERY_SECRET_WEBHOOK,
			httpMethod: querySecretWebhookMethods(),
			responseMode: 'onReceived',
			responseData: 'OK',
			path: querySecretWebhookPath(),
			ndvHideUrl: true,
			ndvHideMethod: true,
		},
		{ httpMethod: webhookFieldsOf.querySecretMethods, path: webhookFieldsOf.querySecretPath },
	),
];
