/**
 * Where the real service may answer differently from the emulator and the node is built for it
 * (docs/service-behaviour.md): such places are not reported as DIFFERS.
 */
import type { Tolerance } from './shapes';

export const KNOWN_VARIANCE: Record<string, Tolerance> = {
	// "points is sometimes a numeric string ("0.3000")": the transport outputs it as a number.
	'POST /sms.do': { extraTypes: { 'list[].points': ['string'] } },
	// Contacts carry the account's own custom fields besides the published ones.
	'GET /contacts': { openObjects: ['collection[]'] },
	'POST /contacts': { openObjects: [''] },
};
