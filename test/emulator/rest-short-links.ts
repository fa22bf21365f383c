/**
 * Short links `/short_url/links` (CRUD, 409 for a named link that exists) and `/short_url/clicks`
 * (`date_from`, `date_to`, `links[]`: as the official Python client asks for them; the published
 * file defines the `ShortUrlClicksCollection` answer).
 */
import { createHash } from 'node:crypto';

import { empty, json, restError, type HandlerResponse, type RequestContext } from './http-types';
import type { Runtime } from './runtime';
import type { EmulatorState } from './state';
import { isoWithOffset } from './util';
import { bodyFields, invalid, methodNotAllowed, notFound, requireMedia } from './rest-http';
import { extraState, type ShortLink, type ShortLinkClick } from './extra-state';

let shortLinkCounter = 100;

const UNIT_SECONDS: Record<string, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86400 };

export function shortLinks(rt: Runtime, ctx: RequestContext, rest: string[]): HandlerResponse {
	const extra = extraState(rt.state);
	if (rest.length === 0) {
		if (ctx.method === 'GET') return json(200, { size: extra.shortLinks.length, collection: extra.shortLinks });
		if (ctx.method !== 'POST') return methodNotAllowed();
		const media = requireMedia(ctx, ['json', 'form']);
		if (media) return media;
		const body = bodyFields(ctx);
		const url = String(body.url ?? '');
		if (!/^https?:\/\/\S+$/i.test(url)) return invalid('url', url, 'url must be an http(s) address');
		const name = body.name === undefined || body.name === '' ? null : String(body.name);
		if (name !== null && extra.shortLinks.some((link) => link.name === name)) {
			return restError(409, 'short_url_conflict', 'Named link already exists');
		}
		const time = body.expire_time === undefined ? 365 * 86400 : Number(body.expire_time) * (UNIT_SECONDS[String(body.expire_unit ?? 'seconds')] ?? 1);
		shortLinkCounter += 1;
		const suffix = name ?? createHash('md5').update(`${shortLinkCounter}:${url}`).digest('base64url').slice(0, 5);
		const link: ShortLink = {
			id: String(shortLinkCounter),
			name: name ?? suffix,
			url,
			short_url: `${rt.shortLinkBase}/${encodeURIComponent(suffix)}`,
			filename: null,
			type: 'URL',
			expire: isoWithOffset(new Date(Date.now() + time * 1000)),
			hits: 0,
			hits_unique: 0,
			description: body.description === undefined ? null : String(body.description),
		};
		extra.shortLinks.push(link);
		return json(201, link);
	}
	const link = extra.shortLinks.find((l) => l.id === rest[0]);
	if (!link || rest.length !== 1) return notFound('Short URL not found');
	if (ctx.method === 'GET') return json(200, link);
	if (ctx.method === 'PUT') {
		const media = requireMedia(ctx, ['form']);
		if (media) return media;
		const body = ctx.form;
		if (body.url !== undefined) {
			if (!/^https?:\/\/\S+$/i.test(body.url)) return invalid('url', body.url, 'url must be an http(s) address');
			link.url = body.url;
		}
		if (body.name !== undefined && body.name !== link.name) {
			if (extra.shortLinks.some((l) => l.name === body.name)) return restError(409, 'short_url_conflict', 'Named link already exists');
			link.name = body.name;
		}
		if (body.description !== undefined) link.description = body.description;
		return json(200, link);
	}
	if (ctx.method === 'DELETE') {
		extra.shortLinks.splice(extra.shortLinks.indexOf(link), 1);
		return empty(204);
	}
	return methodNotAllowed();
}

export function shortLinkClicks(rt: Runtime, ctx: RequestContext): HandlerResponse {
	if (ctx.method !== 'GET') return methodNotAllowed();
	const { date_from: from, date_to: to } = ctx.query;
	if (!from || !to) return invalid(from ? 'date_to' : 'date_from', null, 'date_from and date_to are required', 'required');
	const links = ctx.query['links[]'] === undefined ? undefined : ctx.query['links[]'].split(',');
	const collection = extraState(rt.state)
		.shortLinkClicks.filter((click) => click.date_hit.slice(0, 10) >= from.slice(0, 10) && click.date_hit.slice(0, 10) <= to.slice(0, 10))
		.filter((click) => links === undefined || links.includes(click.linkId))
		.map(({ linkId: _linkId, ...click }) => click);
	return json(200, { size: collection.length, collection });
}

/** control: a recipient opens a short link (counted in its hits and listed by /short_url/clicks). */
export function recordShortLinkClick(state: EmulatorState, linkId: string, phoneNumber: string, at = new Date()): ShortLinkClick | null {
	const extra = extraState(state);
	const link = extra.shortLinks.find((l) => l.id === linkId);
	if (!link) return null;
	const first = !extra.shortLinkClicks.some((c) => c.linkId === linkId && c.phone_number === phoneNumber);
	link.hits += 1;
	if (first) link.hits_unique += 1;
	const click: ShortLinkClick = {
		linkId,
		phone_number: phoneNumber,
		date_hit: isoWithOffset(at),
		name: link.name,
		short_url: link.short_url,
		os: 'Android',
		browser: 'Chrome',
		device: 'smartphone',
	};
	extra.shortLinkClicks.push(click);
	return click;
}
