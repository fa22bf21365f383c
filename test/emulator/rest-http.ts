/**
 * What the REST handlers share: the refusals they answer with (401, 404, 405, a 400 naming the
 * field, 415 for a body of another media type) and reading a body's fields.
 */
import { restError, type HandlerResponse, type RequestContext } from './http-types';

export const unauthorized = (): HandlerResponse => restError(401, 'authorization_failed', 'Authorization failed');
export const notFound = (what = 'Not found'): HandlerResponse => restError(404, 'not_found', what);
export const methodNotAllowed = (): HandlerResponse => restError(405, 'method_not_allowed', 'Method not allowed');

export function invalid(path: string, value: unknown, message: string, error = 'invalid_param'): HandlerResponse {
	return restError(400, 'invalid_domain_logic', message, { errors: [{ message, error, path, value }] });
}

export function requireForm(ctx: RequestContext): HandlerResponse | null {
	if (ctx.bodyKind === 'json' || ctx.bodyKind === 'other') {
		return restError(415, 'unsupported_media_type', 'Unsupported media type: send application/x-www-form-urlencoded');
	}
	return null;
}

/** The body's fields: the JSON object's own values, or the form's (as text). */
export function bodyFields(ctx: RequestContext): Record<string, unknown> {
	if (ctx.bodyKind === 'json' && typeof ctx.jsonBody === 'object' && ctx.jsonBody !== null && !Array.isArray(ctx.jsonBody)) {
		return ctx.jsonBody as Record<string, unknown>;
	}
	return ctx.form;
}

export function requireMedia(ctx: RequestContext, allowed: ReadonlyArray<'form' | 'json'>): HandlerResponse | null {
	if (allowed.includes(ctx.bodyKind as 'form' | 'json')) return null;
	return restError(415, 'unsupported_media_type', `Unsupported media type: send ${allowed.map((m) => (m === 'json' ? 'application/json' : 'application/x-www-form-urlencoded')).join(' or ')}`);
}

export function flagValue(value: unknown): boolean {
	return value === true || value === 1 || value === '1' || value === 'true';
}
