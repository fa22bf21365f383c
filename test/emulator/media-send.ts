/**
 * `mms.do` and `vms.do`: sends that follow the rules of sms.do for recipients (`to` or `group`),
 * `idx` aligned with them, `check_idx` (error 53 within 24 hours), scheduling (`date`), `test`,
 * `notify_url`, invalid numbers skipped (error 13 when none is left) and credits (error 103).
 * An MMS carries a SMIL document (`smil`, error 11 without it) and a `subject`; a voice message
 * reads a text (`tts`, with `tts_lector`) or plays an audio file (`file`, an http(s) address),
 * exactly one of them (error 11 otherwise). Their delivery reports go to the `mms_dlr` and `vms_dlr`
 * callbacks (panel_com.yml `CallbackDlr`). Prices as the balance's counts assume: MMS 0.3, voice 0.21.
 * A voice message calls landlines too; its caller id (`from`) must be a number verified on the
 * account (here the profile's number; error 14 otherwise), and `skip_gsm=1` leaves the mobile
 * numbers out (docs/service-differences.md, R1). The audio may also come uploaded (multipart, the
 * part `file`, R2): a WAV file (RIFF/WAVE) of at most 2 MB, else error 11 (the service's real limit
 * and code are unconfirmed); its size and SHA-256 are kept on each message (`audio`).
 */
import { isHttpUrl } from './callbacks';
import { json, type HandlerResponse } from './http-types';
import { summarise, type UploadedFile } from './multipart';
import { checkLookupNumber, checkMobileNumber, withCountryPrefix, type NumberCheck } from './numbers';
import type { AuthUser, Runtime } from './runtime';
import { parseServiceDate, sendResultJson, type InvalidNumber } from './send';
import type { Address, Message } from './state';
import { nextMessageId, nowSeconds, round4, truthy, type Params } from './util';

export type MediaChannel = 'mms' | 'vms';

const PRICE: Record<MediaChannel, number> = { mms: 0.3, vms: 0.21 };
const IDX_WINDOW_S = 24 * 3600;
const MAX_RECIPIENTS = 10000;
/** The published lectors of text-to-speech (the JavaScript client's `VmsTtsLector`). */
const LECTORS = ['ewa', 'jacek', 'jan', 'maja'];
/** The largest uploaded audio file taken (an assumption: SMSAPI publishes none). */
export const MAX_AUDIO_UPLOAD_BYTES = 2 * 1024 * 1024;

function isWav(data: Buffer): boolean {
	return data.length >= 44 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WAVE';
}

type Outcome = { error: number; invalidNumbers?: InvalidNumber[] } | { messages: Message[]; invalidNumbers: InvalidNumber[] };

function content(channel: MediaChannel, p: Params, upload: UploadedFile | undefined): string | number {
	if (channel === 'mms') {
		const smil = (p.smil ?? '').trim();
		return smil === '' || !/<smil[\s>]/i.test(smil) ? 11 : smil;
	}
	const tts = (p.tts ?? '').trim();
	const file = (p.file ?? '').trim();
	if (upload) {
		if (tts !== '' || file !== '') return 11;
		return upload.data.length > MAX_AUDIO_UPLOAD_BYTES || !isWav(upload.data) ? 11 : upload.filename;
	}
	if ((tts === '') === (file === '')) return 11;
	if (file !== '' && !isHttpUrl(file)) return 11;
	if (p.tts_lector !== undefined && p.tts_lector !== '' && !LECTORS.includes(p.tts_lector.toLowerCase())) return 11;
	return tts || file;
}

/** A number a voice message calls: mobile or landline; with skip_gsm only landlines. */
function callableNumber(number: string, skipGsm: boolean): NumberCheck {
	const check = checkLookupNumber(number);
	if (check.ok && skipGsm && check.network.name !== 'Landline') {
		return { ok: false, number: check.number, reason: 'Mobile number left out (skip_gsm)' };
	}
	return check;
}

function perform(rt: Runtime, channel: MediaChannel, p: Params, user: AuthUser, origin: Address, upload?: UploadedFile): Outcome {
	const state = rt.state;
	const body = content(channel, p, upload);
	const audio = upload && channel === 'vms' ? summarise(upload) : undefined;
	if (typeof body === 'number') return { error: body };
	if (p.notify_url && !isHttpUrl(p.notify_url)) return { error: 70 };
	if (channel === 'vms' && p.from !== undefined && p.from.trim() !== '' && withCountryPrefix(p.from) !== state.account.phoneNumber) return { error: 14 };

	const now = nowSeconds();
	let sendAt = now;
	if (p.date) {
		const date = parseServiceDate(p.date);
		if (date === null) {
			if (truthy(p.date_validate)) return { error: 54 };
		} else if (date > now) sendAt = date;
	}
	const idxList = p.idx !== undefined && p.idx !== '' ? p.idx.split('|') : undefined;
	let submitted: string[];
	let groupName: string | null = null;
	if (p.group) {
		const group = state.groups.find((g) => g.name === p.group);
		if (!group) return { error: 40 };
		submitted = state.contacts.filter((c) => c.groupIds.includes(group.id)).map((c) => c.phone_number);
		if (submitted.length === 0) return { error: 41 };
		groupName = group.name;
	} else {
		submitted = (p.to ?? '')
			.split(',')
			.map((n) => n.trim())
			.filter((n) => n !== '');
		if (submitted.length === 0) return { error: 13, invalidNumbers: [] };
	}
	if (idxList && idxList.length !== submitted.length && !(p.group && idxList.length === 1)) return { error: 20 };
	if (submitted.length > MAX_RECIPIENTS) return { error: 19 };
	if (idxList && idxList.some((v) => v.length > 255)) return { error: 27 };

	const seen = new Set<string>();
	const invalidNumbers: InvalidNumber[] = [];
	const valid: Array<{ submitted: string; number: string; idx: string | null; mcc: string; mnc: string; network: string }> = [];
	submitted.forEach((number, i) => {
		const key = withCountryPrefix(number);
		if (seen.has(key)) return;
		seen.add(key);
		const check = channel === 'vms' ? callableNumber(number, truthy(p.skip_gsm)) : checkMobileNumber(number);
		const idx = idxList ? (idxList.length === 1 ? idxList[0] : idxList[i]) : null;
		if (check.ok) valid.push({ submitted: number, number: check.number, idx, mcc: check.network.mcc, mnc: check.network.mnc, network: check.network.name });
		else invalidNumbers.push({ number: check.number, submitted_number: number, message: check.reason, error_code: 13 });
	});
	if (valid.length === 0) return { error: 13, invalidNumbers };

	if (truthy(p.check_idx)) {
		const recent = state.usedIdx.filter((u) => u.at > now - IDX_WINDOW_S && u.username === user.username);
		if (valid.some((r) => r.idx !== null && recent.some((u) => u.idx === r.idx))) return { error: 53 };
	}
	const scheduled = sendAt > now;
	const bulkId = nextMessageId();
	const messages: Message[] = valid.map((r) => ({
		id: nextMessageId(),
		channel,
		number: r.number,
		submittedNumber: r.submitted,
		text: channel === 'mms' ? (p.subject ?? '') : body,
		sender: p.from?.trim() || 'Test',
		idx: r.idx,
		encoding: 'gsm',
		length: body.length,
		parts: 1,
		points: PRICE[channel],
		status: 409,
		statusName: 'QUEUE',
		statusHistory: [{ status: 409, at: Date.now() }],
		createdAt: now,
		dateSent: sendAt,
		scheduled,
		scheduledAt: scheduled ? sendAt : null,
		expirationDate: null,
		fast: false,
		flash: false,
		test: truthy(p.test),
		notifyUrl: p.notify_url || null,
		username: user.username,
		address: origin,
		bulkId,
		mcc: r.mcc,
		mnc: r.mnc,
		network: r.network,
		shortLinks: [],
		discountCode: null,
		group: groupName,
		finalStatus: null,
		...(audio ? { audio } : {}),
	}));
	const total = round4(messages.reduce((sum, m) => sum + m.points, 0));
	if (total > rt.pointsOf(user) + 1e-9) return { error: 103 };
	if (truthy(p.test)) {
		state.testSends.push(...messages);
		return { messages, invalidNumbers };
	}
	rt.charge(user, total);
	state.usedIdx = state.usedIdx.filter((u) => u.at > now - IDX_WINDOW_S);
	for (const m of messages) if (m.idx !== null) state.usedIdx.push({ idx: m.idx, at: now, username: user.username });
	state.messages.push(...messages);
	if (!scheduled) rt.startSending(messages);
	return { messages, invalidNumbers };
}

/**
 * The answer to an mms.do or vms.do request, in JSON as sms.do's (`count`, `list`; errors with
 * HTTP 200). `error` builds the legacy error answer of a code (the caller's format); `files` are
 * a multipart body's uploaded files (the conformance check let through at most one, on vms.do).
 */
export function mediaSend(
	rt: Runtime,
	channel: MediaChannel,
	p: Params,
	user: AuthUser,
	origin: Address,
	error: (code: number, extra?: Record<string, unknown>) => HandlerResponse,
	files: readonly UploadedFile[] = [],
): HandlerResponse {
	const outcome = perform(rt, channel, p, user, origin, files[0]);
	if ('error' in outcome) {
		return outcome.error === 13 && outcome.invalidNumbers ? error(13, { invalid_numbers: outcome.invalidNumbers }) : error(outcome.error);
	}
	return json(200, sendResultJson({ kind: 'sent', messages: outcome.messages, invalidNumbers: outcome.invalidNumbers, details: false }));
}
