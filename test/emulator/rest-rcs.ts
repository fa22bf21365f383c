/**
 * RCS (panel_com.yml `/rcs/senders`, `/rcs/messages`): the senders (agents) the user may send from,
 * sending one message (`SendRcsMessage`: `phone_number`, `sender` as the sender's object id, `text`
 * or RCS JSON `content` → 201 `SentRcsMessage`) and the list of sent messages (`RcsMessage`). The
 * published API documents no error answers here: an unknown sender and a number that cannot get
 * RCS are answered as the other REST sends answer a bad field (400 naming it); nothing is charged
 * (docs/service-differences.md, R3).
 */
import { json, restError, type HandlerResponse, type RequestContext } from './http-types';
import { checkMobileNumber } from './numbers';
import type { Runtime } from './runtime';
import type { EmulatorState } from './state';
import { hexId, isoWithOffset } from './util';
import { bodyFields, invalid, methodNotAllowed, notFound } from './rest-http';

export interface RcsSender {
	id: string;
	sender: string;
}

export interface RcsMessage {
	id: string;
	recipient: string;
	sender: string;
	senderId: string;
	sentAt: string | null;
	deliveredAt: string | null;
	readAt: string | null;
	expiredAt: string | null;
	messageType: string | null;
	interface: string | null;
}

interface RcsState {
	senders: RcsSender[];
	messages: RcsMessage[];
}

/** The seeded RCS sender of every emulator state. */
export const RCS_SENDERS: readonly RcsSender[] = [{ id: '65f0c0ffee00000000000001', sender: 'MyShop' }];

const states = new WeakMap<EmulatorState, RcsState>();

export function rcsState(state: EmulatorState): RcsState {
	let rcs = states.get(state);
	if (!rcs) {
		rcs = { senders: RCS_SENDERS.map((s) => ({ ...s })), messages: [] };
		states.set(state, rcs);
	}
	return rcs;
}

function list<T>(collection: T[]): HandlerResponse {
	return json(200, { size: collection.length, collection });
}

export function rcs(rt: Runtime, ctx: RequestContext, rest: string[]): HandlerResponse {
	const state = rcsState(rt.state);
	if (rest.length !== 1) return notFound();
	if (rest[0] === 'senders') return ctx.method === 'GET' ? list(state.senders) : methodNotAllowed();
	if (rest[0] !== 'messages') return notFound();
	if (ctx.method === 'GET') return list(state.messages);
	if (ctx.method !== 'POST') return methodNotAllowed();
	const body = bodyFields(ctx);
	const sender = state.senders.find((s) => s.id === String(body.sender ?? ''));
	if (!sender) return invalid('sender', body.sender, 'RCS sender not found or not available to the user');
	const number = String(body.phone_number ?? '');
	const check = checkMobileNumber(number);
	if (!check.ok) {
		return restError(400, 'invalid_phone_number', 'Invalid phone number', {
			errors: [{ message: check.reason, error: 'invalid_phone_number', path: 'phone_number', value: number }],
		});
	}
	const message: RcsMessage = {
		id: hexId(),
		recipient: check.number,
		sender: sender.sender,
		senderId: sender.id,
		sentAt: isoWithOffset(),
		deliveredAt: null,
		readAt: null,
		expiredAt: null,
		messageType: body.text !== undefined ? 'basic' : 'single',
		interface: 'api',
	};
	state.messages.push(message);
	return json(201, { id: message.id });
}
