import { CallbackDispatcher, type CallbackResult, type DlrReport } from './callbacks';
import { createState, type SeedOptions } from './seeds';
import {
	STATUS_NAMES,
	type CallbackType,
	type EmulatorState,
	type HlrLookup,
	type Message,
	type RegisteredCallback,
	type SubUser,
} from './state';
import { isMd5, nowSeconds, round4, type Params } from './util';

export interface AuthUser {
	username: string;
	/** Present for a sub-user login. */
	sub?: SubUser;
}

export type AuthMethod = 'bearer' | 'access_token' | 'legacy' | 'none';

export type AuthResult =
	| { ok: true; user: AuthUser; method: AuthMethod }
	| { ok: false; code: 101 | 102; method: AuthMethod };

/** Last three digits that choose a final status without any set-up (`48500000405` is UNDELIVERED). */
const STATUS_BY_SUFFIX = new Set([402, 403, 405, 406, 407, 408]);
/** Numbers ending in 409 (QUEUE) never get a final report: they stay queued. */
const WITHHELD_SUFFIX = 409;
const SCHEDULER_TICK_MS = 200;

export class Runtime {
	state: EmulatorState;
	/** Where the short links it makes live: the service's own (`http://idz.do`, as its published answers show), or the emulator's host. */
	shortLinkBase = 'http://idz.do';
	readonly dispatcher: CallbackDispatcher;
	private schedulerTimer: NodeJS.Timeout | null = null;
	private readonly dispatched = new Set<string>();
	private readonly bulkStarted = new Set<string>();

	constructor(
		private readonly seed: SeedOptions,
		readonly log: (message: string) => void,
	) {
		this.state = createState(seed);
		this.dispatcher = new CallbackDispatcher(() => this.state, log);
		this.schedulerTimer = setInterval(() => this.releaseDue(), SCHEDULER_TICK_MS);
		this.schedulerTimer.unref();
	}

	reset(): void {
		this.dispatcher.cancelAll();
		this.dispatched.clear();
		this.bulkStarted.clear();
		this.state = createState(this.seed);
	}

	stop(): void {
		if (this.schedulerTimer) clearInterval(this.schedulerTimer);
		this.schedulerTimer = null;
		this.dispatcher.stop();
	}

	// ---- authentication -------------------------------------------------------------------------

	authenticate(authorization: string | undefined, params: Params): AuthResult {
		const account = this.state.account;
		const bearer = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
		if (bearer) {
			return bearer[1].trim() === account.token
				? { ok: true, user: { username: account.username }, method: 'bearer' }
				: { ok: false, code: 101, method: 'bearer' };
		}
		if (params.access_token !== undefined) {
			return params.access_token === account.token
				? { ok: true, user: { username: account.username }, method: 'access_token' }
				: { ok: false, code: 101, method: 'access_token' };
		}
		if (params.username !== undefined) {
			const password = (params.password ?? '').toLowerCase();
			if (!isMd5(password)) return { ok: false, code: 102, method: 'legacy' };
			if (params.username === account.username && password === account.passwordMd5) {
				return { ok: true, user: { username: account.username }, method: 'legacy' };
			}
			const sub = this.state.subusers.find((s) => s.username === params.username);
			if (sub && sub.active && (password === sub.passApi || password === sub.pass)) {
				return { ok: true, user: { username: sub.username, sub }, method: 'legacy' };
			}
			return { ok: false, code: 102, method: 'legacy' };
		}
		return { ok: false, code: 101, method: 'none' };
	}

	ipAllowed(ip: string): boolean {
		const list = this.state.account.whitelist;
		return list.length === 0 || list.includes(ip);
	}

	// ---- credits --------------------------------------------------------------------------------

	pointsOf(user: AuthUser): number {
		return user.sub ? user.sub.limit : this.state.account.points;
	}

	charge(user: AuthUser, amount: number): void {
		if (user.sub) user.sub.limit = round4(user.sub.limit - amount);
		else this.state.account.points = round4(this.state.account.points - amount);
	}

	refund(username: string, amount: number): void {
		const sub = this.state.subusers.find((s) => s.username === username);
		if (sub) sub.limit = round4(sub.limit + amount);
		else this.state.account.points = round4(this.state.account.points + amount);
	}

	// ---- callbacks ------------------------------------------------------------------------------

	/** The registered URLs of a type; for inbound messages those whose receiver takes a message to `to`. */
	callbackUrls(type: CallbackType, to?: string): string[] {
		const account = this.state.account;
		const receives = (receiver: RegisteredCallback['receiver']): boolean => {
			if (to === undefined || receiver === null || receiver.type === 'all') return true;
			if (receiver.type === 'number') return receiver.number === to;
			return account.twoWayNumbers.includes(to);
		};
		return this.state.callbacks.filter((c) => c.type === type && c.active && receives(c.receiver)).map((c) => c.url);
	}

	// ---- message life ---------------------------------------------------------------------------

	/** A message leaves the queue: after dlrDelayMs its final status is set and reported. */
	dispatchMessage(message: Message): void {
		if (this.dispatched.has(message.id)) return;
		this.dispatched.add(message.id);
		const delay = Math.max(0, this.state.account.dlrDelayMs);
		if (this.state.account.intermediateReports) {
			this.dispatcher.schedule(Math.floor(delay / 2), () => {
				if (message.finalStatus === null) this.setStatus(message, 410);
			});
		}
		this.dispatcher.schedule(delay, () => {
			if (message.finalStatus !== null) return;
			const expired = message.expirationDate !== null && nowSeconds() > message.expirationDate;
			const outcome = expired ? 402 : this.outcomeFor(message.number);
			// Withheld (a phone switched off): no final report, the message stays queued.
			if (outcome !== null) this.setStatus(message, outcome);
		});
	}

	/** The final status of a message to this number; null: none is ever reported (withheld). */
	outcomeFor(number: string): number | null {
		const rules = this.state.deliveryRules;
		const exact = rules.find((r) => r.number === number);
		if (exact) return exact.status;
		const bySuffix = rules
			.filter((r) => r.suffix !== undefined && number.endsWith(r.suffix))
			.sort((a, b) => (b.suffix as string).length - (a.suffix as string).length)[0];
		if (bySuffix) return bySuffix.status;
		const lastThree = Number(number.slice(-3));
		if (lastThree === WITHHELD_SUFFIX) return null;
		return STATUS_BY_SUFFIX.has(lastThree) ? lastThree : 404;
	}

	/** Changes a message's status and reports it to its notify_url or the account's DLR URLs. */
	setStatus(message: Message, status: number): void {
		message.status = status;
		message.statusName = STATUS_NAMES[status] ?? 'UNKNOWN';
		message.statusHistory.push({ status, at: Date.now() });
		if (status !== 409 && status !== 410) message.finalStatus = status;
		const report: DlrReport = {
			MsgId: message.id,
			status: String(status),
			status_name: message.statusName,
			idx: message.idx ?? '',
			sent_at: String(message.createdAt),
			donedate: String(nowSeconds()),
			username: message.username,
			points: String(message.points),
			to: message.number,
			mcc: message.mcc,
			mnc: message.mnc,
		};
		const type: CallbackType = message.channel ? `${message.channel}_dlr` : 'sms_dlr';
		const urls = message.notifyUrl ? [message.notifyUrl] : this.callbackUrls(type);
		for (const url of urls) this.dispatcher.queueDlr(url, report, type);
	}

	/** Messages whose scheduled time has come are sent (bulk start first). */
	releaseDue(): void {
		const now = nowSeconds();
		const due = this.state.messages.filter(
			(m) => m.scheduled && !this.dispatched.has(m.id) && m.scheduledAt !== null && m.scheduledAt <= now,
		);
		if (due.length > 0) this.startSending(due);
	}

	/** control: send scheduled messages now (all, or the given ids). */
	releaseScheduled(ids?: string[]): Message[] {
		const selected = this.state.messages.filter(
			(m) => m.scheduled && !this.dispatched.has(m.id) && (!ids || ids.includes(m.id)),
		);
		for (const m of selected) {
			m.dateSent = nowSeconds();
			m.scheduledAt = m.dateSent;
		}
		this.startSending(selected);
		return selected;
	}

	/** Sends messages grouped by their request: one bulk-start callback per bulk, then each message. */
	startSending(messages: Message[]): void {
		const byBulk = new Map<string, Message[]>();
		for (const m of messages) {
			const list = byBulk.get(m.bulkId) ?? [];
			list.push(m);
			byBulk.set(m.bulkId, list);
		}
		for (const [bulkId, list] of byBulk) {
			const whole = this.state.messages.filter((m) => m.bulkId === bulkId);
			const isBulk = whole.length > 1 || whole.some((m) => m.scheduled);
			if (isBulk && !this.bulkStarted.has(bulkId)) {
				this.bulkStarted.add(bulkId);
				this.emitBulkStart(whole);
			}
			for (const m of list) this.dispatchMessage(m);
		}
	}

	emitBulkStart(messages: Message[]): void {
		const first = messages[0];
		const query = {
			type: 'SMS',
			all: String(messages.length),
			points: String(round4(messages.reduce((sum, m) => sum + m.points, 0))),
			info: first.group ? 'numbers from contacts database' : 'numbers',
			text: first.text,
		};
		for (const url of this.callbackUrls('bulk')) {
			void this.dispatcher.deliver({ type: 'bulk', url, method: 'GET', query });
		}
	}

	/** control: report now (the given ids or every message still waiting), with a status or each one's outcome. */
	emitDlrNow(ids?: string[], status?: number): Message[] {
		const selected = this.state.messages.filter((m) =>
			ids ? ids.includes(m.id) : m.finalStatus === null && !(m.scheduled && !this.dispatched.has(m.id)),
		);
		for (const m of selected) {
			this.dispatched.add(m.id);
			const outcome = status ?? this.outcomeFor(m.number);
			if (outcome !== null) this.setStatus(m, outcome);
		}
		return selected;
	}

	async emitInbound(input: { from: string; to?: string; text: string; date?: number; url?: string }): Promise<{
		msgId: string;
		results: CallbackResult[];
	}> {
		const msgId = String(BigInt(Date.now()) * 1000000n + BigInt(Math.floor(Math.random() * 999999)));
		const form = new URLSearchParams({
			sms_to: input.to ?? this.state.account.inboundNumber,
			sms_from: input.from,
			sms_text: input.text,
			sms_date: String(input.date ?? nowSeconds()),
			username: this.state.account.username,
			MsgId: msgId,
		});
		const urls = input.url ? [input.url] : this.callbackUrls('sms_mo', form.get('sms_to') ?? undefined);
		const results = await Promise.all(
			urls.map((url) =>
				this.dispatcher.deliver({
					type: 'sms_mo',
					url,
					method: 'POST',
					body: form.toString(),
					contentType: 'application/x-www-form-urlencoded; charset=utf-8',
				}),
			),
		);
		return { msgId, results };
	}

	async emitClick(
		message: Message,
		extra: { device?: string; operating_system?: string; browser?: string; ip?: string; url?: string },
	): Promise<CallbackResult[]> {
		const link = message.shortLinks[0];
		const query = {
			MsgId: message.id,
			MsgIdx: message.idx ?? '',
			suffix: link ? link.suffix : '',
			to: message.number,
			click_date: String(nowSeconds()),
			device: extra.device ?? 'smartphone',
			operating_system: extra.operating_system ?? 'Android',
			browser: extra.browser ?? 'Chrome',
			username: message.username,
			ip: extra.ip ?? '127.0.0.1',
		};
		const urls = extra.url ? [extra.url] : this.callbackUrls('short_url');
		return Promise.all(urls.map((url) => this.dispatcher.deliver({ type: 'short_url', url, method: 'GET', query })));
	}

	emitHlr(lookups: HlrLookup[]): void {
		if (lookups.length === 0) return;
		const entries = lookups.map((l) => ({
			id: l.id,
			number: l.number,
			mcc: l.mcc,
			mnc: l.mnc,
			info: l.info,
			status: l.status,
			date: l.date,
			ported: l.ported,
			ported_from: l.ported_from,
			idx: l.idx,
		}));
		const form = this.state.account.hlrCallbackFormat === 'form';
		let body: string;
		if (form) {
			const params = new URLSearchParams();
			entries.forEach((entry, i) => {
				for (const [k, v] of Object.entries(entry)) params.append(`${i}[${k}]`, v === null ? '' : String(v));
			});
			body = params.toString();
		} else {
			body = JSON.stringify(entries);
		}
		const contentType = form ? 'application/x-www-form-urlencoded; charset=utf-8' : 'application/json; charset=utf-8';
		for (const url of this.callbackUrls('hlr')) {
			void this.dispatcher.deliver({ type: 'hlr', url, method: 'POST', body, contentType });
		}
	}
}
