import { randomBytes } from 'node:crypto';

import { isHttpUrl } from './callbacks';
import { analyzeText, binaryParts, inGsm7, MAX_PARTS, normalizeText } from './gsm';
import { checkMobileNumber, withCountryPrefix } from './numbers';
import type { AuthUser, Runtime } from './runtime';
import type { Address, Contact, Message } from './state';
import { isKnownEncoding, nextMessageId, nowSeconds, round4, truthy, type Params } from './util';

export interface InvalidNumber {
	number: string;
	submitted_number: string;
	message: string;
	error_code: number;
}

export type SendOutcome =
	| { kind: 'error'; code: number; invalidNumbers?: InvalidNumber[] }
	| { kind: 'sent'; messages: Message[]; invalidNumbers: InvalidNumber[]; details: boolean }
	| { kind: 'deleted'; ids: string[] };

interface Recipient {
	submitted: string;
	idx: string | null;
	params: Array<string | undefined>;
	contact?: Contact;
}

const fail = (code: number, invalidNumbers?: InvalidNumber[]): SendOutcome => ({ kind: 'error', code, invalidNumbers });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const IDX_WINDOW_S = 24 * 3600;
const MAX_RECIPIENTS = 10000;
const MAX_PERSONALISED = 100;
const SHORT_LINK = /\[%goto:(.*?)%\]/g;
const TEST_SENDS_KEPT = 500;

/** UNIX seconds or ISO 8601; null when neither. */
export function parseServiceDate(value: string): number | null {
	const trimmed = value.trim();
	if (/^\d+$/.test(trimmed)) return Number(trimmed);
	if (!ISO_DATE.test(trimmed)) return null;
	const ms = Date.parse(trimmed.replace(' ', 'T'));
	return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

function threeMonthsAhead(now: number): number {
	const date = new Date(now * 1000);
	date.setMonth(date.getMonth() + 3);
	return Math.floor(date.getTime() / 1000);
}

function shortSuffix(): string {
	return randomBytes(4).toString('base64url').slice(0, 5);
}

function senderAllowed(rt: Runtime, user: AuthUser, from: string): boolean {
	if (from === 'Test') return true;
	if (user.sub && user.sub.senders !== 1) return false;
	return rt.state.senders.some((s) => s.name === from && s.status === 'ACTIVE');
}

function defaultSender(rt: Runtime): string {
	return rt.state.senders.find((s) => s.isDefault && s.status === 'ACTIVE')?.name ?? 'Test';
}

function contactField(contact: Contact | undefined, field: string): string {
	if (!contact) return '';
	const value = (contact as unknown as Record<string, unknown>)[field];
	if (typeof value === 'string') return value;
	return contact.custom[field] ?? '';
}

export function deleteScheduled(rt: Runtime, user: AuthUser, idsParam: string): SendOutcome {
	const ids = idsParam
		.split(',')
		.map((id) => id.trim())
		.filter(Boolean);
	const deleted: string[] = [];
	for (const id of ids) {
		const index = rt.state.messages.findIndex(
			(m) => m.id === id && m.scheduled && m.finalStatus === null && m.dateSent > nowSeconds() && m.username === user.username,
		);
		if (index === -1) continue;
		const [message] = rt.state.messages.splice(index, 1);
		rt.refund(message.username, message.points);
		deleted.push(id);
	}
	return deleted.length === 0 ? fail(301) : { kind: 'deleted', ids: deleted };
}

/** The send operation of sms.do, rules 1-12 of the spec. Also used by the e-mail gateway. */
export function performSend(rt: Runtime, p: Params, user: AuthUser, origin: Address | 'smtp'): SendOutcome {
	const state = rt.state;
	if (p.sch_del !== undefined) return deleteScheduled(rt, user, p.sch_del);

	if (p.time_restriction && !['follow', 'ignore', 'nearest_available'].includes(p.time_restriction)) return fail(28);
	if (p.notify_url && !isHttpUrl(p.notify_url)) return fail(70);
	if (p.encoding && !isKnownEncoding(p.encoding)) return fail(8);

	const now = nowSeconds();
	let sendAt = now;
	if (p.date) {
		const date = parseServiceDate(p.date);
		if (date === null) {
			if (truthy(p.date_validate)) return fail(54);
		} else {
			if (date > threeMonthsAhead(now)) return fail(50);
			if (date > now) sendAt = date;
		}
	}
	const scheduled = sendAt > now;
	let expirationDate: number | null = null;
	if (p.expiration_date) {
		expirationDate = parseServiceDate(p.expiration_date);
		if (expirationDate === null) return fail(54);
		const window = expirationDate - sendAt;
		if (window < 15 * 60 - 5 * 60 || window > 72 * 3600 + 5 * 60) return fail(56);
	}

	const binary = p.datacoding === 'bin';
	if (binary) {
		if (truthy(p.normalize)) return fail(25);
		if (!p.udh || !/^([0-9a-f]{2})+$/i.test(p.udh)) return fail(30);
	}

	let content: string;
	if (p.template) {
		const template = state.templates.find((t) => t.name === p.template);
		if (!template) return fail(104);
		content = template.template;
	} else {
		content = p.message ?? '';
	}
	if (content === '') return fail(11);
	if (binary && !/^([0-9a-f]{2})+$/i.test(content)) return fail(30);

	const from = p.from?.trim() || defaultSender(rt);
	if (!senderAllowed(rt, user, from)) return fail(14);

	// The account's own maximum applies unless the request sets max_parts (1 to 10).
	let maxParts = Math.min(MAX_PARTS, state.account.defaultMaxParts);
	if (p.max_parts !== undefined && p.max_parts !== '') {
		if (!/^\d+$/.test(p.max_parts) || Number(p.max_parts) < 1) return fail(8);
		maxParts = Math.min(MAX_PARTS, Number(p.max_parts));
	}

	// Recipients, with idx and param values aligned by position.
	const paramLists: Array<string[] | undefined> = [1, 2, 3, 4].map((n) => p[`param${n}`]?.split('|'));
	const hasParams = paramLists.some((list) => list !== undefined);
	const idxList = p.idx !== undefined && p.idx !== '' ? p.idx.split('|') : undefined;
	let recipients: Recipient[];
	let groupName: string | null = null;
	if (p.group) {
		if (hasParams) return fail(93);
		const group = state.groups.find((g) => g.name === p.group);
		if (!group) return fail(40);
		const members = state.contacts.filter((c) => c.groupIds.includes(group.id));
		if (members.length === 0) return fail(41);
		if (idxList && idxList.length !== 1 && idxList.length !== members.length) return fail(20);
		groupName = group.name;
		recipients = members.map((contact, i) => ({
			submitted: contact.phone_number,
			idx: idxList ? (idxList.length === 1 ? idxList[0] : idxList[i]) : null,
			params: [],
			contact,
		}));
	} else {
		const numbers = (p.to ?? '')
			.split(',')
			.map((n) => n.trim())
			.filter((n) => n !== '');
		if (numbers.length === 0) return fail(13, []);
		if (idxList && idxList.length !== numbers.length) return fail(20);
		for (const list of paramLists) if (list && list.length !== numbers.length) return fail(18);
		recipients = numbers.map((submitted, i) => ({
			submitted,
			idx: idxList ? idxList[i] : null,
			params: paramLists.map((list) => list?.[i]),
		}));
	}
	if (recipients.length > MAX_RECIPIENTS) return fail(19);
	if (idxList && idxList.some((v) => v.length > 255)) return fail(27);
	const personalised = hasParams || /\[%([1-4]|contact\.[^%]+)%\]/.test(content);
	if (personalised && recipients.length > MAX_PERSONALISED) return fail(19);
	const hasShortLink = /\[%goto:.*?%\]/.test(content);
	if (hasShortLink && recipients.length > MAX_PERSONALISED) return fail(19);

	if (!truthy(p.allow_duplicates)) {
		const seen = new Set<string>();
		recipients = recipients.filter((r) => {
			const key = withCountryPrefix(r.submitted);
			if (seen.has(key)) return false;
			seen.add(key);
			return true;
		});
	}

	const invalidNumbers: InvalidNumber[] = [];
	const valid: Array<Recipient & { check: Extract<ReturnType<typeof checkMobileNumber>, { ok: true }> }> = [];
	for (const r of recipients) {
		const check = checkMobileNumber(r.submitted);
		if (check.ok) valid.push({ ...r, check });
		else invalidNumbers.push({ number: check.number, submitted_number: r.submitted, message: check.reason, error_code: 13 });
	}
	if (valid.length === 0) return fail(13, invalidNumbers);

	if (truthy(p.check_idx)) {
		// A set, not a scan per recipient: a campaign of many requests would make it quadratic.
		const recent = new Set(state.usedIdx.filter((u) => u.at > now - IDX_WINDOW_S && u.username === user.username).map((u) => u.idx));
		if (valid.some((r) => r.idx !== null && recent.has(r.idx))) return fail(53);
	}

	let freeCodes: Array<{ code: string; redeemed: boolean }> = [];
	const usesCode = content.includes('[%code%]');
	if (p.discount_group) {
		const group = state.discountGroups.find((g) => g.name === p.discount_group);
		if (!group) return fail(60);
		if (group.expiresAt !== null && group.expiresAt < now) return fail(61);
		freeCodes = group.codes.filter((c) => !c.redeemed);
		if (freeCodes.length === 0 || (usesCode && freeCodes.length < valid.length)) return fail(62);
	}

	const fast = truthy(p.fast);
	const flash = truthy(p.flash);
	// With `templateEncoding: 'template'` a send with parameters is encoded by its message as sent.
	const byTemplate =
		!binary && hasParams && state.account.templateEncoding === 'template' && analyzeText(truthy(p.normalize) ? normalizeText(content) : content).encoding === 'gsm';
	const bulkId = nextMessageId();
	const messages: Message[] = [];
	const codesUsed: Array<{ code: string; redeemed: boolean }> = [];
	for (const r of valid) {
		let text = content;
		const contact = r.contact ?? state.contacts.find((c) => c.phone_number === r.check.number);
		// One parameter after the other, each in the text as the one before left it: a value holding
		// `[%2%]` is expanded again (the node never sends such a value: send/personalise.ts).
		r.params.forEach((value, i) => {
			if (value !== undefined) text = text.split(`[%${i + 1}%]`).join(value);
		});
		text = text.replace(/\[%contact\.([^%]+)%\]/g, (_, field: string) => contactField(contact, field.trim()));
		let discountCode: string | null = null;
		if (usesCode && p.discount_group) {
			const code = freeCodes[codesUsed.length];
			codesUsed.push(code);
			discountCode = code.code;
			text = text.split('[%code%]').join(code.code);
		}
		const shortLinks: Array<{ suffix: string; url: string }> = [];
		text = text.replace(SHORT_LINK, (_, url: string) => {
			const suffix = shortSuffix();
			shortLinks.push({ suffix, url });
			return `http://idz.do/${suffix}`;
		});
		text = text.replace(/\[%opt_out_link%\]/g, () => `http://idz.do/o/${shortSuffix()}`);
		if (truthy(p.normalize)) text = normalizeText(text);
		if (byTemplate) text = inGsm7(text);

		let encoding: Message['encoding'];
		let length: number;
		let parts: number;
		if (binary) {
			encoding = 'bin';
			length = text.length / 2;
			parts = binaryParts(text, p.udh ?? '');
		} else {
			const analysis = analyzeText(text);
			if (analysis.encoding === 'ucs2' && truthy(p.nounicode)) return fail(11);
			if (analysis.encoding === 'ucs2' && flash) return fail(17);
			encoding = analysis.encoding;
			length = analysis.length;
			parts = analysis.parts;
		}
		if (parts > MAX_PARTS) return fail(11);
		if (parts > maxParts) return fail(12);
		if (truthy(p.single) && parts > 1) return fail(12);

		messages.push({
			id: nextMessageId(),
			number: r.check.number,
			submittedNumber: r.submitted,
			text,
			sender: from,
			idx: r.idx,
			encoding,
			length,
			parts,
			points: round4(r.check.pointsPerPart * parts * (fast ? 1.5 : 1)),
			status: 409,
			statusName: 'QUEUE',
			statusHistory: [{ status: 409, at: Date.now() }],
			createdAt: now,
			dateSent: sendAt,
			scheduled,
			scheduledAt: scheduled ? sendAt : null,
			expirationDate,
			fast,
			flash,
			test: truthy(p.test),
			notifyUrl: p.notify_url || null,
			username: user.username,
			address: origin,
			bulkId,
			mcc: r.check.network.mcc,
			mnc: r.check.network.mnc,
			network: r.check.network.name,
			shortLinks,
			discountCode,
			group: groupName,
			finalStatus: null,
		});
	}

	const total = round4(messages.reduce((sum, m) => sum + m.points, 0));
	if (total > rt.pointsOf(user) + 1e-9) return fail(103);

	const details = truthy(p.details);
	if (truthy(p.test)) {
		state.testSends.push(...messages);
		if (state.testSends.length > TEST_SENDS_KEPT) state.testSends.splice(0, state.testSends.length - TEST_SENDS_KEPT);
		return { kind: 'sent', messages, invalidNumbers, details };
	}
	rt.charge(user, total);
	for (const code of codesUsed) code.redeemed = true;
	state.usedIdx = state.usedIdx.filter((u) => u.at > now - IDX_WINDOW_S);
	for (const m of messages) {
		if (m.idx !== null) state.usedIdx.push({ idx: m.idx, at: now, username: user.username });
	}
	state.messages.push(...messages);
	if (!scheduled) rt.startSending(messages);
	return { kind: 'sent', messages, invalidNumbers, details };
}

export function sendResultJson(outcome: Extract<SendOutcome, { kind: 'sent' }>): Record<string, unknown> {
	const body: Record<string, unknown> = {
		count: outcome.messages.length,
		list: outcome.messages.map((m) => ({
			id: m.id,
			points: m.points,
			number: m.number,
			date_sent: m.dateSent,
			submitted_number: m.submittedNumber,
			status: 'QUEUE',
			error: null,
			idx: m.idx,
			parts: m.parts,
		})),
	};
	if (outcome.invalidNumbers.length > 0) body.invalid_numbers = outcome.invalidNumbers;
	if (outcome.details) {
		const first = outcome.messages[0];
		body.message = first.text;
		body.length = first.length;
		body.parts = first.parts;
	}
	return body;
}

export function sendResultText(outcome: Extract<SendOutcome, { kind: 'sent' }>): string {
	if (outcome.messages.length === 1) {
		const m = outcome.messages[0];
		return `OK:${m.id}:${m.points}`;
	}
	return outcome.messages.map((m) => `OK:${m.id}:${m.points}:${m.number};`).join('');
}
