/**
 * SMS templates `/sms/templates`: read, and written with form bodies (`CreateSmsTemplate`).
 */
import { empty, json, restError, type HandlerResponse, type RequestContext } from './http-types';
import type { Runtime } from './runtime';
import type { Template } from './state';
import { hexId } from './util';
import { flagValue, invalid, methodNotAllowed, notFound, requireMedia } from './rest-http';
import { extraState } from './extra-state';

export function templates(rt: Runtime, ctx: RequestContext, rest: string[]): HandlerResponse {
	if (ctx.method !== 'GET') return methodNotAllowed();
	const list = rt.state.templates;
	if (rest.length === 0) return json(200, { size: list.length, collection: list });
	const template = list.find((t) => t.id === rest[0]);
	return template && rest.length === 1 ? json(200, template) : notFound('Template not found');
}

export function templateWrites(rt: Runtime, ctx: RequestContext, rest: string[]): HandlerResponse {
	const list = rt.state.templates;
	const media = ctx.method === 'DELETE' ? null : requireMedia(ctx, ['form']);
	if (media) return media;
	const body = ctx.form;
	if (rest.length === 0) {
		if (ctx.method !== 'POST') return methodNotAllowed();
		const name = (body.name ?? '').trim();
		if (!name) return invalid('name', body.name ?? null, 'Template name is required', 'required');
		if (!body.template) return invalid('template', body.template ?? null, 'Template content is required', 'required');
		if (list.some((t) => t.name === name) && extraState(rt.state).duplicates === 'conflict') {
			return restError(409, 'template_conflict', 'Template with this name already exists');
		}
		const template: Template = { id: hexId(), name, template: body.template, normalize: flagValue(body.normalize) };
		list.push(template);
		return json(201, template);
	}
	const template = list.find((t) => t.id === rest[0]);
	if (!template || rest.length !== 1) return notFound('Template not found');
	if (ctx.method === 'PUT') {
		if (body.name !== undefined) {
			const name = body.name.trim();
			if (!name) return invalid('name', body.name, 'Template name is required', 'required');
			if (list.some((t) => t.name === name && t !== template)) return restError(409, 'template_conflict', 'Template with this name already exists');
			template.name = name;
		}
		if (body.template !== undefined) template.template = body.template;
		if (body.normalize !== undefined) template.normalize = flagValue(body.normalize);
		return json(200, template);
	}
	if (ctx.method === 'DELETE') {
		list.splice(list.indexOf(template), 1);
		return empty(204);
	}
	return methodNotAllowed();
}
