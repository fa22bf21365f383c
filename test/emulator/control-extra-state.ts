/**
 * Control routes for the resources whose state is in extra-state.ts (one-time codes, blacklist, short
 * links) and for media-send.ts:
 * - `POST /__control/short-link-click {id, phoneNumber?}`: a recipient opens a short link;
 * - `POST /__control/mfa/expire {phoneNumber?}`: one-time codes (of a number, or all) expire now;
 * - `GET /__control/more-state`: blacklist, one-time codes, short links and their clicks;
 * - `POST /__control/duplicates {answer}`: how a listed number or a template name in use is answered.
 */
import { json, type HandlerResponse } from './http-types';
import { checkMobileNumber } from './numbers';
import { extraState } from './extra-state';
import { recordShortLinkClick } from './rest-short-links';
import type { Runtime } from './runtime';
import type { EmulatorState } from './state';
import { nowSeconds } from './util';

export const EXTRA_STATE_ROUTES = [
	'POST   /__control/short-link-click {id, phoneNumber?}',
	'POST   /__control/mfa/expire {phoneNumber?}',
	'GET    /__control/more-state',
	'POST   /__control/duplicates {answer: conflict|published}   (a listed number, a template name in use: 409, or what the published API documents)',
	'POST   /__control/inbound-mms {from, to?, subject?, attachments?: string[], url?}',
];

/**
 * An inbound MMS to the `mms_mo` callbacks. The published API registers the type (`CallbackMo`)
 * but shows no payload: the emulator posts the inbound SMS fields (sms_from, sms_to, sms_text with
 * the subject, sms_date, username, MsgId) plus `mms_subject` and `mms_attachments` (addresses,
 * comma-separated), an assumption written down in docs/service-differences.md.
 */
async function emitInboundMms(rt: Runtime, body: Record<string, unknown>) {
	const to = body.to === undefined ? rt.state.account.inboundNumber : String(body.to);
	const subject = String(body.subject ?? '');
	const attachments = Array.isArray(body.attachments) ? body.attachments.map(String) : [];
	const msgId = String(BigInt(Date.now()) * 1000000n + BigInt(Math.floor(Math.random() * 999999)));
	const form = new URLSearchParams({
		sms_to: to,
		sms_from: String(body.from),
		sms_text: subject,
		sms_date: String(nowSeconds()),
		username: rt.state.account.username,
		MsgId: msgId,
		mms_subject: subject,
		mms_attachments: attachments.join(','),
	});
	const urls = body.url ? [String(body.url)] : rt.callbackUrls('mms_mo', to);
	const results = await Promise.all(
		urls.map((url) =>
			rt.dispatcher.deliver({
				type: 'mms_mo',
				url,
				method: 'POST',
				body: form.toString(),
				contentType: 'application/x-www-form-urlencoded; charset=utf-8',
			}),
		),
	);
	return { msgId, results };
}

export async function handleExtraStateControl(rt: Runtime, key: string, body: Record<string, unknown>): Promise<HandlerResponse | null> {
	const state: EmulatorState = rt.state;
	switch (key) {
		case 'POST inbound-mms':
			if (!body.from) return json(400, { error: 'from is required' });
			return json(200, await emitInboundMms(rt, body));
		case 'POST short-link-click': {
			const click = recordShortLinkClick(state, String(body.id ?? ''), String(body.phoneNumber ?? '48500000001'));
			return click ? json(200, click) : json(404, { error: 'no such short link' });
		}
		case 'POST mfa/expire': {
			const number = body.phoneNumber === undefined ? undefined : checkMobileNumber(String(body.phoneNumber)).number;
			const codes = extraState(state).mfaCodes.filter((c) => number === undefined || c.phone_number === number);
			for (const code of codes) code.expiresAt = 0;
			return json(200, { count: codes.length });
		}
		case 'GET more-state': {
			const { mfaCodes, blacklist, shortLinks, shortLinkClicks, duplicates } = extraState(state);
			return json(200, { mfaCodes, blacklist, shortLinks, shortLinkClicks, duplicates });
		}
		case 'POST duplicates': {
			if (body.answer !== 'conflict' && body.answer !== 'published') return json(400, { error: 'answer must be conflict or published' });
			extraState(state).duplicates = body.answer;
			return json(200, { duplicates: body.answer });
		}
		default:
			return null;
	}
}

