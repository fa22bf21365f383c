/**
 * REST endpoints: real HTTP statuses and `{message, error, developer_description, errors}`.
 * Requests are checked against the published API before they get here (conformance/): a
 * non-conforming one never reaches these handlers. This file routes a path to the module of its
 * resource (rest-*.ts) and answers the profile; the resources are described in their modules, as
 * the published API describes them (voxgig-sdk/smsapi-sdk `.sdk/def/upstream/*_com.yml`).
 * The state of the resources beyond contacts and callbacks is in extra-state.ts.
 */
import { json, restError, type HandlerResponse, type RequestContext } from './http-types';
import { restPriceList } from './legacy';
import { blacklist } from './rest-blacklist';
import { callbacks } from './rest-callbacks';
import { contactFields } from './rest-contact-fields';
import { contacts } from './rest-contacts';
import { groups } from './rest-groups';
import { methodNotAllowed, notFound, unauthorized } from './rest-http';
import { mfa } from './rest-mfa';
import { optOuts } from './rest-opt-outs';
import { rcs } from './rest-rcs';
import { senderNames } from './rest-senders';
import { shortLinkClicks, shortLinks } from './rest-short-links';
import { subusers } from './rest-subusers';
import { templates, templateWrites } from './rest-templates';
import type { AuthUser, Runtime } from './runtime';

export function handleRest(rt: Runtime, ctx: RequestContext): HandlerResponse | null {
	const segments = ctx.path.split('/').filter(Boolean).map(decodeURIComponent);
	const root = segments[0];
	const known = ['profile', 'ping', 'contacts', 'sms', 'callbacks', 'mfa', 'blacklist', 'short_url', 'subusers', 'opt_outs', 'rcs'];
	if (!known.includes(root)) return null;
	const auth = rt.authenticate(ctx.headers.authorization, ctx.params);
	if (root === 'ping' && segments.length === 1) {
		if (ctx.method !== 'GET') return methodNotAllowed();
		return json(200, { authorized: auth.ok, unavailable: [] });
	}
	if (!auth.ok) return unauthorized();
	if (!rt.ipAllowed(ctx.ip)) {
		return restError(403, 'ip_not_allowed', 'Wrong IP address (for IP filter turned on)', { code: 105 });
	}
	const user = auth.user;
	const [, second] = segments;
	if (root === 'mfa' && second === 'codes') return mfa(rt, ctx, segments.slice(2));
	if (root === 'blacklist' && second === 'phone_numbers') return blacklist(rt, ctx, segments.slice(2));
	if (root === 'short_url' && second === 'links') return shortLinks(rt, ctx, segments.slice(2));
	if (root === 'short_url' && second === 'clicks' && segments.length === 2) return shortLinkClicks(rt, ctx);
	if (root === 'sms' && second === 'templates' && ctx.method !== 'GET') return templateWrites(rt, ctx, segments.slice(2));
	if (root === 'subusers') return subusers(rt, ctx, segments.slice(1), user);
	if (root === 'opt_outs') return optOuts(rt, ctx, segments.slice(1));
	if (root === 'rcs') return rcs(rt, ctx, segments.slice(1));
	if (root === 'profile') {
		if (segments.length === 1) return ctx.method === 'GET' ? profile(rt, user) : methodNotAllowed();
		if (segments[1] === 'prices' && segments.length === 2) {
			const collection = restPriceList(ctx.query.type);
			return ctx.method === 'GET' ? json(200, { size: collection.length, collection }) : methodNotAllowed();
		}
		return notFound();
	}
	if (root === 'contacts') {
		if (segments[1] === 'groups') return groups(rt, ctx, segments.slice(2), user);
		if (segments[1] === 'fields') return contactFields(rt, ctx, segments.slice(2));
		return contacts(rt, ctx, segments.slice(1));
	}
	if (root === 'callbacks') return callbacks(rt, ctx, segments.slice(1));
	if (segments[1] === 'templates') return templates(rt, ctx, segments.slice(2));
	if (segments[1] === 'sendernames') return senderNames(rt, ctx, segments.slice(2));
	return notFound();
}

function profile(rt: Runtime, user: AuthUser): HandlerResponse {
	const a = rt.state.account;
	return json(200, {
		name: a.name,
		email: a.email,
		username: user.username,
		phone_number: a.phoneNumber,
		payment_type: 'prepaid',
		user_type: user.sub ? 'subuser' : 'native',
		points: rt.pointsOf(user),
	});
}
