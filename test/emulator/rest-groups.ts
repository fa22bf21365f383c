/**
 * `/contacts/groups` (contacts_com.yml): list, create, edit and delete groups (with or without their
 * contacts), and membership through `/contacts/groups/{groupId}/members/{contactId}`.
 */
import { empty, json, restError, type HandlerResponse, type RequestContext } from './http-types';
import type { AuthUser, Runtime } from './runtime';
import type { Group } from './state';
import { hexId, isoWithOffset } from './util';
import { invalid, methodNotAllowed, notFound, requireForm } from './rest-http';
import { contactJson, groupJson, pin, unpin } from './rest-contacts';

function newGroup(rt: Runtime, name: string, description: string, username = rt.state.account.username): Group {
	const now = isoWithOffset();
	return {
		id: hexId(),
		name,
		description,
		date_created: now,
		date_updated: now,
		created_by: username,
		idx: null,
		contact_expire_after: null,
	};
}

export function groups(rt: Runtime, ctx: RequestContext, rest: string[], user: AuthUser): HandlerResponse {
	const state = rt.state;
	if (rest.length === 0) {
		if (ctx.method === 'GET') {
			return json(200, { size: state.groups.length, collection: state.groups.map((g) => groupJson(rt, g)) });
		}
		if (ctx.method !== 'POST') return methodNotAllowed();
		const media = requireForm(ctx);
		if (media) return media;
		const name = (ctx.params.name ?? '').trim();
		if (!name) return invalid('name', ctx.params.name ?? null, 'Group name is required', 'required');
		if (state.groups.some((g) => g.name === name)) {
			return restError(409, 'group_conflict', 'Group with this name already exists', { code: 409 });
		}
		const group = newGroup(rt, name, ctx.params.description ?? '', user.username);
		if (ctx.params.idx) group.idx = ctx.params.idx;
		state.groups.push(group);
		return json(201, groupJson(rt, group));
	}
	const group = state.groups.find((g) => g.id === rest[0]);
	if (!group) return notFound('Group not found');
	if (rest[1] === 'members' && rest.length === 3) {
		const contact = state.contacts.find((c) => c.id === rest[2]);
		if (!contact) return notFound('Contact not found');
		if (ctx.method === 'GET') {
			return contact.groupIds.includes(group.id) ? json(200, contactJson(rt, contact)) : notFound('Contact is not in this group');
		}
		if (ctx.method === 'PUT') return json(pin(contact, group) ? 201 : 200, contactJson(rt, contact));
		if (ctx.method === 'DELETE') return unpin(contact, group) ? empty(204) : notFound('Contact is not in this group');
		return methodNotAllowed();
	}
	if (rest.length !== 1) return notFound();
	if (ctx.method === 'GET') return json(200, groupJson(rt, group));
	if (ctx.method === 'PUT') {
		const name = (ctx.params.name ?? '').trim();
		if (!name) return invalid('name', ctx.params.name ?? null, 'Group name is required', 'required');
		if (state.groups.some((g) => g.name === name && g !== group)) {
			return restError(409, 'group_conflict', 'Group with this name already exists', { code: 409 });
		}
		group.name = name;
		if (ctx.params.description !== undefined) group.description = ctx.params.description;
		if (ctx.params.idx !== undefined) group.idx = ctx.params.idx || null;
		group.date_updated = isoWithOffset();
		return json(200, groupJson(rt, group));
	}
	if (ctx.method === 'DELETE') {
		// `delete_contacts` (DeleteGroup; the JavaScript client sends it in the query): the group's
		// contacts are deleted too only when it is true; a value that is no boolean was refused by the check.
		const deleteContacts = ['1', 'true'].includes((ctx.params.delete_contacts ?? '').toLowerCase());
		if (deleteContacts) state.contacts = state.contacts.filter((c) => !c.groupIds.includes(group.id));
		for (const c of state.contacts) unpin(c, group);
		state.groups.splice(state.groups.indexOf(group), 1);
		return empty(204);
	}
	return methodNotAllowed();
}
