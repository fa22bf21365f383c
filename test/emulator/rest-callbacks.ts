/**
 * The callback registry `/callbacks` as the published API describes it (panel_com.yml).
 */
import { isHttpUrl } from './callbacks';
import { empty, json, restError, type HandlerResponse, type RequestContext } from './http-types';
import type { Runtime } from './runtime';
import type { CallbackReceiver, CallbackType, RegisteredCallback } from './state';
import { hexId } from './util';
import { invalid, methodNotAllowed, notFound } from './rest-http';

const CALLBACK_TYPES: CallbackType[] = ['sms_dlr', 'sms_mo', 'mms_dlr', 'mms_mo', 'vms_dlr', 'bulk', 'hlr', 'short_url'];

/** The callback types of the published API (`Callback.type`); the emulator calls only those it models. */
const PUBLISHED_CALLBACK_TYPES = ['sms_dlr', 'sms_mo', 'mms_dlr', 'mms_mo', 'vms_dlr', 'bulk', 'hlr', 'short_url'];
const RECEIVER_TYPES = ['all', '2way', 'number'] as const;
const unsupportedMediaType = (): HandlerResponse =>
	restError(415, 'unsupported_media_type', 'The request body must be JSON (Content-Type: application/json)');

/** The account's receiving numbers, as `OPTIONS /callbacks` lists them. */
function receivingNumbers(rt: Runtime): string[] {
	return [...new Set([rt.state.account.inboundNumber, ...rt.state.account.twoWayNumbers])];
}

/** The JSON object body of a request, or a refusal (the published API takes JSON only here). */
function jsonObjectBody(ctx: RequestContext): { body: Record<string, unknown> } | { refusal: HandlerResponse } {
	if (ctx.bodyKind !== 'json') return { refusal: unsupportedMediaType() };
	const body = ctx.jsonBody;
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		return { refusal: restError(400, 'invalid_request_data', 'The body must be a JSON object') };
	}
	return { body: body as Record<string, unknown> };
}

/**
 * `/callbacks` as the published API describes it (panel_com.yml): POST and PUT take JSON only
 * (form bodies: 415); `sms_mo`/`mms_mo` need `receiver_type` (`all` | `2way` | `number`) and, for
 * `number`, a `receiver_number` of the account; entries read as `CallbackResponse`
 * (`{id, url, type, receiver, active, invalid, api_version}`); OPTIONS lists what may be registered.
 */
export function callbacks(rt: Runtime, ctx: RequestContext, rest: string[]): HandlerResponse {
	const state = rt.state;
	if (rest.length === 0) {
		if (ctx.method === 'GET') return json(200, { size: state.callbacks.length, collection: state.callbacks });
		if (ctx.method === 'OPTIONS') {
			const numbers = receivingNumbers(rt);
			return json(200, {
				post: {
					type: PUBLISHED_CALLBACK_TYPES,
					receiver_type: [...RECEIVER_TYPES],
					receiver_number: numbers,
					receive_numbers: { sms: numbers },
				},
			});
		}
		if (ctx.method !== 'POST') return methodNotAllowed();
		const read = jsonObjectBody(ctx);
		if ('refusal' in read) return read.refusal;
		const { body } = read;
		const { type, url } = body;
		if (typeof type !== 'string' || !PUBLISHED_CALLBACK_TYPES.includes(type)) {
			return invalid('type', type ?? null, `type must be one of ${PUBLISHED_CALLBACK_TYPES.join(', ')}`);
		}
		if (!CALLBACK_TYPES.includes(type as CallbackType)) {
			return restError(403, 'forbidden', `The account has no access to ${type} callbacks`);
		}
		if (typeof url !== 'string' || !isHttpUrl(url)) return invalid('url', url ?? null, 'url must be an http(s) address');
		let receiver: RegisteredCallback['receiver'] = null;
		if (type === 'sms_mo' || type === 'mms_mo') {
			const receiverType = body.receiver_type;
			if (receiverType === undefined || receiverType === null || receiverType === '') {
				return invalid('receiver_type', null, 'This value should not be blank.', 'is_blank');
			}
			if (!RECEIVER_TYPES.includes(receiverType as (typeof RECEIVER_TYPES)[number])) {
				return invalid('receiver_type', receiverType, `receiver_type must be one of ${RECEIVER_TYPES.join(', ')}`);
			}
			let number: string | null = null;
			if (receiverType === 'number') {
				const given = body.receiver_number;
				if (typeof given !== 'string' || given === '') return invalid('receiver_number', given ?? null, 'This value should not be blank.', 'is_blank');
				if (!receivingNumbers(rt).includes(given)) return invalid('receiver_number', given, 'The number is not a receiving number of the account');
				number = given;
			}
			receiver = { type: receiverType as CallbackReceiver['type'], number };
		}
		const callback: RegisteredCallback = { id: hexId(), url, api_version: 1, type: type as CallbackType, receiver, active: true, invalid: false };
		state.callbacks.push(callback);
		return json(201, callback);
	}
	const index = state.callbacks.findIndex((c) => c.id === rest[0]);
	if (index === -1 || rest.length !== 1) return notFound('Callback not found');
	if (ctx.method === 'GET') return json(200, state.callbacks[index]);
	if (ctx.method === 'PUT') {
		const read = jsonObjectBody(ctx);
		if ('refusal' in read) return read.refusal;
		const { url } = read.body;
		if (typeof url !== 'string' || !isHttpUrl(url)) return invalid('url', url ?? null, 'url must be an http(s) address');
		state.callbacks[index] = { ...state.callbacks[index], url };
		return json(200, state.callbacks[index]);
	}
	if (ctx.method !== 'DELETE') return methodNotAllowed();
	state.callbacks.splice(index, 1);
	return empty(204);
}
