/**
 * Sender names `/sms/sendernames`: list, add (INACTIVE until activated), delete, make default, and
 * the statement a new name needs (`/sms/sendernames/statement`, panel_com.yml `SendernameStatement`).
 */
import { empty, json, restError, type HandlerResponse, type RequestContext } from './http-types';
import { validSenderName } from './legacy';
import type { Runtime } from './runtime';
import { isoWithOffset } from './util';
import { invalid, methodNotAllowed, notFound } from './rest-http';

export function senderNames(rt: Runtime, ctx: RequestContext, rest: string[]): HandlerResponse {
	const state = rt.state;
	const view = (s: (typeof state.senders)[number]): Record<string, unknown> => ({
		sender: s.name,
		status: s.status,
		is_default: s.isDefault,
		created_at: s.createdAt,
	});
	if (rest.length === 0) {
		if (ctx.method === 'GET') return json(200, { size: state.senders.length, collection: state.senders.map(view) });
		if (ctx.method !== 'POST') return methodNotAllowed();
		const name = ctx.params.sender ?? '';
		if (!validSenderName(name)) return invalid('sender', name, 'Invalid sender name');
		if (state.senders.some((s) => s.name === name)) {
			return restError(409, 'sendername_conflict', 'Sender name already exists', { code: 409 });
		}
		const sender = { name, status: 'INACTIVE' as const, isDefault: false, createdAt: isoWithOffset() };
		state.senders.push(sender);
		return json(201, view(sender));
	}
	// The published API has both `/sms/sendernames/statement` and `/sms/sendernames/{sender}`: the statement wins.
	if (rest.length === 1 && rest[0] === 'statement' && ctx.method === 'GET') return json(200, SENDERNAME_STATEMENT);
	const sender = state.senders.find((s) => s.name === rest[0]);
	if (!sender) return notFound('Sender name not found');
	if (rest.length === 1) {
		if (ctx.method === 'GET') return json(200, view(sender));
		if (ctx.method !== 'DELETE') return methodNotAllowed();
		if (sender.isDefault || sender.name === 'Test') {
			return restError(400, 'invalid_domain_logic', 'The default sender name cannot be deleted');
		}
		state.senders.splice(state.senders.indexOf(sender), 1);
		return empty(204);
	}
	if (rest[1] === 'commands' && rest[2] === 'make_default' && ctx.method === 'POST') {
		if (sender.status !== 'ACTIVE') return restError(400, 'invalid_domain_logic', 'Sender name is not active');
		for (const s of state.senders) s.isDefault = s === sender;
		return empty(204);
	}
	return notFound();
}

/** The emulator's statement: the extended statements on (sections with the types to accept). */
export const SENDERNAME_STATEMENT = {
	content: 'I declare that I have the right to use the sender name.',
	sections: [
		{
			title: 'Sender name',
			content: 'Statements about the sender name',
			statements: [
				{ type: 'sendername', content: 'I have the right to use this sender name.' },
				{ type: 'sendername_usage_rights', content: 'I will use it only for my own messages.' },
			],
		},
	],
};
