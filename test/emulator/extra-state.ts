/**
 * The state of the REST resources beyond contacts and callbacks (one-time codes, blacklist, short
 * links and their clicks, how duplicates are answered). It lives beside the emulator state and is
 * reset with it: a new state object starts empty.
 */
import type { EmulatorState } from './state';

export interface MfaCode {
	id: string;
	code: string;
	phone_number: string;
	from: string | null;
	content: string;
	/** Milliseconds since the epoch after which verification answers 408. */
	expiresAt: number;
	used: boolean;
}

export interface BlacklistEntry {
	id: string;
	phone_number: string;
	expire_at: string | null;
	created_at: string;
}

export interface ShortLink {
	id: string;
	name: string;
	url: string;
	short_url: string;
	filename: null;
	type: 'URL';
	expire: string;
	hits: number;
	hits_unique: number;
	description: string | null;
}

export interface ShortLinkClick {
	linkId: string;
	phone_number: string;
	date_hit: string;
	name: string;
	short_url: string;
	os: string;
	browser: string;
	device: string;
}

/**
 * How a duplicate is answered (a number already on the blacklist, a template name in use):
 * - `conflict`: HTTP 409 (`blacklist_conflict`, `template_conflict`), the emulator's answer so far;
 * - `published`: only what the published API documents for those POSTs: for the blacklist its
 *   400 (`BadRequestError`) with a field error saying the number exists; for a template 201, a
 *   second template of that name (panel_com.yml documents no refusal there).
 * What the real service answers is not documented (docs/service-differences.md, N2, N4).
 */
export type DuplicateAnswer = 'conflict' | 'published';

export interface ExtraState {
	mfaCodes: MfaCode[];
	blacklist: BlacklistEntry[];
	shortLinks: ShortLink[];
	shortLinkClicks: ShortLinkClick[];
	/** How long a one-time code stays valid (the service's codes are short-lived). */
	mfaValidityMs: number;
	duplicates: DuplicateAnswer;
}

const extras = new WeakMap<EmulatorState, ExtraState>();

/** The extra state of the emulator's current state (a reset starts a new one). */
export function extraState(state: EmulatorState): ExtraState {
	let extra = extras.get(state);
	if (!extra) {
		extra = { mfaCodes: [], blacklist: [], shortLinks: [], shortLinkClicks: [], mfaValidityMs: 10 * 60 * 1000, duplicates: 'conflict' };
		extras.set(state, extra);
	}
	return extra;
}
