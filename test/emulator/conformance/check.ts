/**
 * Checks one request against the descriptions of the published API (rest-api.ts) and of the
 * official clients' legacy parameters (legacy-api.ts). A request that conforms gives null; one that
 * does not gives its problems and the answer the service gives such a request: REST errors with a
 * real HTTP status and `{message, error, developer_description, errors}`, legacy errors with HTTP
 * 200 and `{error, message}` (or `ERROR:<code>` without `format=json`).
 */
import { json, text as textAnswer, type HandlerResponse } from '../http-types';
import type { UploadedFile } from '../multipart';
import { legacyErrorMessage, type Params } from '../util';
import { LEGACY_COMMON, LEGACY_ENDPOINTS } from './legacy-api';
import { pathIdProblem } from './path-ids';
import { REST_OPERATIONS } from './rest-api';
import type { Fields, LegacyEndpoint, MediaType, Problem, RestOperation } from './types';
import { fieldProblems } from './values';

export interface CheckedRequest {
	method: string;
	/** Path without the query string. */
	path: string;
	query: Params;
	bodyKind: 'none' | 'form' | 'json' | 'multipart' | 'other';
	/** The form body's fields (bodyKind `form`; a multipart body's text parts). */
	form: Params;
	/** A multipart body's uploaded files, and what made it unreadable or ambiguous. */
	files?: UploadedFile[];
	multipartProblem?: string;
	/** The parsed JSON body (bodyKind `json`); undefined when it did not parse. */
	jsonBody: unknown;
	/** The account's custom contact fields: allowed as contact fields and list filters. */
	customFields: ReadonlySet<string>;
}

export interface Refusal {
	problems: Problem[];
	answer: HandlerResponse;
}

// ---- REST ---------------------------------------------------------------------------------------

function segmentsOf(path: string): string[] {
	return path.split('/').filter(Boolean);
}

function matches(template: string, path: string): boolean {
	const want = segmentsOf(template);
	const got = segmentsOf(path);
	return want.length === got.length && want.every((segment, i) => segment.startsWith('{') || segment === got[i]);
}

/** The operations of the most specific template matching the path (`/contacts/groups` before `/contacts/{contactId}`). */
function operationsFor(path: string): RestOperation[] {
	const candidates = REST_OPERATIONS.filter((op) => matches(op.path, path));
	if (candidates.length === 0) return [];
	const literalCount = (template: string): number => segmentsOf(template).filter((s) => !s.startsWith('{')).length;
	const best = Math.max(...candidates.map((op) => literalCount(op.path)));
	return candidates.filter((op) => literalCount(op.path) === best);
}

function restRefusal(status: number, error: string, message: string, problems: Problem[]): Refusal {
	return {
		problems,
		answer: json(status, {
			message,
			error,
			developer_description: problems.map((p) => p.message).join('; ') || null,
			errors: problems.map((p) => ({
				message: p.message,
				error: p.error,
				path: p.path,
				value: p.value === undefined || p.value === null ? null : typeof p.value === 'string' ? p.value : JSON.stringify(p.value),
			})),
		}),
	};
}

const LEGACY_LOGIN = ['username', 'password'];

function mediaOf(kind: CheckedRequest['bodyKind']): MediaType | undefined {
	return kind === 'form' || kind === 'json' || kind === 'multipart' ? kind : undefined;
}

function bodyValues(request: CheckedRequest): Record<string, unknown> {
	if (request.bodyKind === 'form') return { ...request.form };
	if (request.bodyKind === 'json' && typeof request.jsonBody === 'object' && request.jsonBody !== null && !Array.isArray(request.jsonBody)) {
		return { ...(request.jsonBody as Record<string, unknown>) };
	}
	return {};
}

function checkRest(request: CheckedRequest): Refusal | null {
	const operations = operationsFor(request.path);
	if (operations.length === 0) {
		return restRefusal(404, 'not_found', 'Not found', [
			{ path: 'path', error: 'unknown_path', message: `${request.path} is not a path of the published API`, value: request.path },
		]);
	}
	const badId = pathIdProblem(operations[0].path, request.path);
	if (badId) return restRefusal(404, 'not_found', 'Not found', [badId]);
	const operation = operations.find((op) => op.method === request.method);
	if (!operation) {
		return restRefusal(405, 'method_not_allowed', 'Method not allowed', [
			{
				path: 'method',
				error: 'method_not_allowed',
				message: `${request.method} ${request.path}: the published API has ${operations.map((op) => op.method).join(', ')}`,
				value: request.method,
			},
		]);
	}
	const body = bodyValues(request);
	const login = LEGACY_LOGIN.filter((name) => name in request.query || name in body);
	if (login.length > 0) {
		return restRefusal(401, 'authorization_failed', 'Authorization failed', [
			{
				path: login[0],
				error: 'unsupported_authentication',
				message: 'the REST API takes a bearer token (or access_token), not the legacy username and password',
				value: '<redacted>',
			},
		]);
	}
	const problems: Problem[] = [];
	const { access_token: _token, ...query } = request.query;
	problems.push(
		...fieldProblems(query, operation.query ?? {}, {
			json: false,
			customFields: operation.additionalQuery === 'customFields' ? request.customFields : undefined,
			where: 'query parameter',
		}),
	);

	const hasBody = request.bodyKind !== 'none';
	if (hasBody && request.bodyKind !== 'json' && request.bodyKind !== 'form') {
		return restRefusal(415, 'unsupported_media_type', 'Unsupported media type', [
			{ path: 'content-type', error: 'unsupported_media_type', message: 'the body is neither JSON nor a form', value: null },
		]);
	}
	const spec = operation.body;
	const { access_token: _bodyToken, ...fields } = body;
	if (!spec) {
		if (Object.keys(fields).length > 0) {
			problems.push(
				...Object.entries(fields).map(([name, value]) => ({
					path: name,
					error: 'unknown_field',
					message: `${request.method} ${operation.path} takes no body (${name})`,
					value,
				})),
			);
		}
	} else {
		const media = mediaOf(request.bodyKind);
		if (hasBody && media && !spec.media.includes(media)) {
			return restRefusal(415, 'unsupported_media_type', 'Unsupported media type', [
				{
					path: 'content-type',
					error: 'unsupported_media_type',
					message: `${request.method} ${operation.path} takes ${spec.media.map((m) => (m === 'json' ? 'application/json' : 'application/x-www-form-urlencoded')).join(' or ')}`,
					value: media === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
				},
			]);
		}
		problems.push(
			...fieldProblems(fields, spec.fields, {
				json: request.bodyKind === 'json',
				additional: spec.additional === 'customFields' ? undefined : spec.additional,
				customFields: spec.additional === 'customFields' ? request.customFields : undefined,
				where: 'body field',
			}),
		);
		for (const name of spec.required ?? []) {
			if (fields[name] === undefined || fields[name] === '') {
				problems.push({ path: name, error: 'required', message: `${name} is required`, value: null });
			}
		}
		for (const group of spec.requiredOneOf ?? []) {
			if (!group.some((name) => fields[name] !== undefined && fields[name] !== '')) {
				problems.push({ path: group[0], error: 'required', message: `one of ${group.join(', ')} is required`, value: null });
			}
		}
		if (spec.refine) problems.push(...spec.refine(fields));
	}
	if (problems.length === 0) return null;
	return restRefusal(400, 'invalid_request_data', 'One or more of the given values is invalid.', problems);
}

// ---- legacy -------------------------------------------------------------------------------------

function legacyRefusal(params: Params, problems: Problem[], requestErrorCode = 8): Refusal {
	// The service's own code for a bad value where it has one (time_restriction 28, ...), else its request error.
	const code = problems[0].code ?? requestErrorCode;
	const wantsJson = (params.format ?? '').toLowerCase() === 'json';
	return {
		problems,
		answer: wantsJson ? json(200, { error: code, message: legacyErrorMessage(code) }) : textAnswer(200, `ERROR:${code}`),
	};
}

function checkLegacy(request: CheckedRequest, endpoint: LegacyEndpoint | undefined): Refusal | null {
	const params: Params = { ...request.query, ...(request.bodyKind === 'json' ? {} : request.form) };
	const jsonFields = request.bodyKind === 'json' ? bodyValues(request) : {};
	// Which answer format was asked for, wherever `format` came.
	const answerParams: Params = typeof jsonFields.format === 'string' ? { ...params, format: jsonFields.format } : params;
	if (!endpoint) {
		return legacyRefusal(answerParams, [
			{ path: 'path', error: 'unknown_path', message: `${request.path} is not a legacy endpoint`, value: request.path },
		]);
	}
	if (!endpoint.methods.includes(request.method as never)) {
		return legacyRefusal(answerParams, [
			{ path: 'method', error: 'method_not_allowed', message: `${endpoint.path} takes ${endpoint.methods.join(' or ')}`, value: request.method },
		]);
	}
	const media = mediaOf(request.bodyKind);
	if (request.bodyKind === 'other' || (media && !endpoint.media.includes(media))) {
		return legacyRefusal(answerParams, [
			{ path: 'content-type', error: 'unsupported_media_type', message: `${endpoint.path} takes ${endpoint.media.join(', ')} bodies`, value: request.bodyKind },
		]);
	}
	const files = request.files ?? [];
	if (request.bodyKind === 'multipart') {
		const problems = multipartProblems(request, endpoint, files);
		if (problems.length > 0) return legacyRefusal(answerParams, problems, endpoint.requestErrorCode);
	}
	const allowed: Fields = { ...LEGACY_COMMON, ...endpoint.parameters };
	const problems = [
		...fieldProblems(params, allowed, { json: false, where: 'parameter' }),
		...fieldProblems(jsonFields, allowed, { json: true, where: 'parameter' }),
	];
	if (problems.length === 0 && endpoint.refine) {
		const all: Params = { ...params };
		for (const [name, value] of Object.entries(jsonFields)) all[name] = Array.isArray(value) ? value.join(',') : String(value);
		problems.push(...endpoint.refine(all, files));
	}
	return problems.length === 0 ? null : legacyRefusal(answerParams, problems, endpoint.requestErrorCode);
}

/** A multipart body that cannot be read, repeats a parameter differently, or carries files the endpoint does not take. */
function multipartProblems(request: CheckedRequest, endpoint: LegacyEndpoint, files: readonly UploadedFile[]): Problem[] {
	if (request.multipartProblem) return [{ path: 'body', error: 'invalid_multipart', message: request.multipartProblem, value: null }];
	if (!endpoint.files) {
		return files.length === 0 ? [] : [{ path: files[0].name, error: 'unknown_field', message: `${endpoint.path} takes no uploaded file`, value: files[0].filename }];
	}
	return endpoint.files(files);
}

// ---- entry --------------------------------------------------------------------------------------

/** The problems of a request and the service's answer to it, or null when it conforms. */
export function checkRequest(request: CheckedRequest): Refusal | null {
	if (request.bodyKind === 'json' && (typeof request.jsonBody !== 'object' || request.jsonBody === null || Array.isArray(request.jsonBody))) {
		const problem: Problem = { path: 'body', error: 'invalid_json', message: 'the body is not a JSON object', value: null };
		return request.path.endsWith('.do')
			? legacyRefusal(request.query, [problem])
			: restRefusal(400, 'invalid_json', 'Request body is not valid JSON', [problem]);
	}
	if (request.path.endsWith('.do')) {
		return checkLegacy(request, LEGACY_ENDPOINTS.find((endpoint) => endpoint.path === request.path));
	}
	return checkRest(request);
}
