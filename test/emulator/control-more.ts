/**
 * Control routes for the resources of rest-more.ts and media-send.ts:
 * - `POST /__control/short-link-click {id, phoneNumber?}`: a recipient opens a short link;
 * - `POST /__control/mfa/expire {phoneNumber?}`: one-time codes (of a number, or all) expire now;
 * - `GET /__control/more-state`: blacklist, one-time codes, short links and their clicks.
 */
import { json, type HandlerResponse } from './http-types';
import { checkMobileNumber } from './numbers';
import { extraState, recordShortLinkClick } from './rest-more';
import type { EmulatorState } from './state';

export const MORE_ROUTES = [
	'POST   /__control/short-link-click {id, phoneNumber?}',
	'POST   /__control/mfa/expire {phoneNumber?}',
	'GET    /__control/more-state',
];

export function handleMoreControl(state: EmulatorState, key: string, body: Record<string, unknown>): HandlerResponse | null {
	switch (key) {
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
			const { mfaCodes, blacklist, shortLinks, shortLinkClicks } = extraState(state);
			return json(200, { mfaCodes, blacklist, shortLinks, shortLinkClicks });
		}
		default:
			return null;
	}
}

