import { createHash } from 'node:crypto';

import type { FileSummary } from './multipart';

export type Address = 'primary' | 'backup';
export type CallbackType = 'sms_dlr' | 'sms_mo' | 'mms_dlr' | 'mms_mo' | 'vms_dlr' | 'bulk' | 'hlr' | 'short_url';
export type CallbackKey = 'dlr' | 'mo' | 'hlr' | 'bulk' | 'click';

export const CALLBACK_TYPE_OF: Record<CallbackKey, CallbackType> = {
	dlr: 'sms_dlr',
	mo: 'sms_mo',
	hlr: 'hlr',
	bulk: 'bulk',
	click: 'short_url',
};

export const STATUS_NAMES: Record<number, string> = {
	401: 'NOT_FOUND',
	402: 'EXPIRED',
	403: 'SENT',
	404: 'DELIVERED',
	405: 'UNDELIVERED',
	406: 'FAILED',
	407: 'REJECTED',
	408: 'UNKNOWN',
	409: 'QUEUE',
	410: 'ACCEPTED',
	412: 'STOP',
};

export function md5(text: string): string {
	return createHash('md5').update(text, 'utf8').digest('hex');
}

export interface Account {
	username: string;
	password: string;
	passwordMd5: string;
	token: string;
	name: string;
	email: string;
	phoneNumber: string;
	points: number;
	/** IP whitelist; empty = every address allowed. */
	whitelist: string[];
	/** Number that inbound messages are addressed to by default (the account's receiving number). */
	inboundNumber: string;
	/** Receiving numbers that are two-way (2WAY) numbers: `receiver_type: 2way` callbacks get their messages. */
	twoWayNumbers: string[];
	/**
	 * The account's maximum of parts (`max_parts` in the profile's SMS settings, set in the portal):
	 * a send without `max_parts` whose message needs more parts is refused with error 12. 1 to 10.
	 */
	defaultMaxParts: number;
	hlrCallbackFormat: 'json' | 'form';
	callbackRetryMs: number;
	callbackMaxAttempts: number;
	dlrDelayMs: number;
	/** Also report ACCEPTED (410) before the final status. */
	intermediateReports: boolean;
	/**
	 * Lenient query reading, as a service may do: `GET /contacts` filters by the published query
	 * parameters only and ignores any other filter (custom fields, operators on fields other than
	 * `birthday_date`) instead of applying or refusing it. Default false.
	 */
	lenientQuery: boolean;
	/** Loopback SMTP port that raport e-mails are relayed to (undefined: outbox only). */
	relaySmtpPort?: number;
	/**
	 * How a send with `param1`–`param4` is encoded, which the published API does not say
	 * (docs/service-differences.md, S9): `expandedText` (the default), each message by its own
	 * text with the values put in; `template`, by the message as sent: a template that needs no
	 * Unicode goes in GSM-7 and every character of the values outside it arrives as `?`.
	 */
	templateEncoding: TemplateEncoding;
}

export type TemplateEncoding = 'expandedText' | 'template';

export interface SenderName {
	name: string;
	status: 'ACTIVE' | 'INACTIVE';
	isDefault: boolean;
	createdAt: string;
}

export interface SubUser {
	username: string;
	pass: string;
	passApi: string;
	/** Credit limit; sends of the sub-user are charged here. */
	limit: number;
	monthLimit: number;
	senders: 0 | 1;
	phonebook: 0 | 1;
	active: boolean;
	info: string;
}

export interface Contact {
	id: string;
	first_name: string;
	last_name: string;
	phone_number: string;
	email: string;
	gender: string;
	birthday_date: string;
	city: string;
	country: string;
	source: string;
	description: string;
	date_created: string;
	date_updated: string;
	groupIds: string[];
	/** Custom fields (usable as `[%contact.name%]` and as list filters). */
	custom: Record<string, string>;
}

export interface Group {
	id: string;
	name: string;
	description: string;
	date_created: string;
	date_updated: string;
	created_by: string;
	idx: string | null;
	contact_expire_after: number | null;
}

export interface Template {
	id: string;
	name: string;
	template: string;
	normalize?: boolean;
}

export interface DiscountGroup {
	name: string;
	/** UNIX seconds; null never expires. */
	expiresAt: number | null;
	codes: Array<{ code: string; redeemed: boolean }>;
}

/** Who an inbound-message callback is for (published API: `receiver_type`, `receiver_number`). */
export interface CallbackReceiver {
	type: 'all' | '2way' | 'number';
	number: string | null;
}

/** An entry of the callback registry, as the published API's `CallbackResponse`. */
export interface RegisteredCallback {
	id: string;
	type: CallbackType;
	url: string;
	/** Inbound-message callbacks only; null for the other types. */
	receiver: CallbackReceiver | null;
	active: boolean;
	invalid: boolean;
	api_version: number;
}

export interface Message {
	id: string;
	/** mms.do and vms.do messages (see media-send.ts); SMS when absent. */
	channel?: 'mms' | 'vms';
	number: string;
	submittedNumber: string;
	text: string;
	sender: string;
	idx: string | null;
	encoding: 'gsm' | 'ucs2' | 'bin';
	length: number;
	parts: number;
	points: number;
	status: number;
	statusName: string;
	statusHistory: Array<{ status: number; at: number }>;
	/** UNIX seconds of creation (sent_at in reports). */
	createdAt: number;
	/** UNIX seconds the message is (or was) sent. */
	dateSent: number;
	scheduled: boolean;
	scheduledAt: number | null;
	expirationDate: number | null;
	fast: boolean;
	flash: boolean;
	test: boolean;
	notifyUrl: string | null;
	username: string;
	address: Address | 'smtp';
	/** Messages of one send request share it. */
	bulkId: string;
	mcc: string;
	mnc: string;
	network: string;
	shortLinks: Array<{ suffix: string; url: string }>;
	discountCode: string | null;
	group: string | null;
	finalStatus: number | null;
	/** A voice message's uploaded audio file (vms.do multipart): size and SHA-256 as received. */
	audio?: FileSummary;
}

export interface HlrLookup {
	id: string;
	number: string;
	idx: string | null;
	price: number;
	date: number;
	username: string;
	mcc: string;
	mnc: string;
	info: string;
	status: 'OK' | 'FAIL';
	ported: 0 | 1;
	ported_from: string | null;
}

export interface RecordedRequest {
	seq: number;
	address: Address;
	method: string;
	path: string;
	query: Record<string, string>;
	body: unknown;
	contentType: string | null;
	headers: Record<string, string>;
	authMethod: 'bearer' | 'access_token' | 'legacy' | 'none';
	remoteAddress: string;
	time: string;
	responseStatus: number | 'hang' | 'reset' | 'lost';
	responseBody: string;
	fault?: string;
	/** A multipart body's uploaded files: size and SHA-256 (the bytes as received). */
	files?: FileSummary[];
	/** What made the request non-conforming (see conformance/): it was answered as the service would. */
	violations?: Array<{ path: string; error: string; message: string }>;
}

export interface CallbackAttempt {
	seq: number;
	type: CallbackType;
	url: string;
	method: 'GET' | 'POST';
	query: Record<string, string>;
	body: string | null;
	contentType: string | null;
	attempt: number;
	time: string;
	responseStatus: number | null;
	responseBody: string | null;
	error: string | null;
	ok: boolean;
}

export interface ReceivedMail {
	seq: number;
	time: string;
	envelopeFrom: string;
	envelopeTo: string[];
	subject: string;
	transferEncoding: string;
	body: string;
	params: Record<string, string>;
	authenticated: boolean;
	username: string | null;
	result: string;
}

export interface RaportMail {
	seq: number;
	time: string;
	to: string;
	subject: string;
	text: string;
	relayed: boolean;
	relayError: string | null;
}

export interface Fault {
	id: number;
	address: Address;
	endpoint: string | null;
	/** Only requests of this method (`POST`), or of every method when null. */
	method: string | null;
	mode: '500' | '404' | 'hang' | 'reset' | 'refuse' | 'lost';
	times: number | null;
	until: number | null;
}

export interface DeliveryRule {
	number?: string;
	suffix?: string;
	/** The final status; null: the final report is withheld (the message stays queued). */
	status: number | null;
}

export interface EmulatorState {
	account: Account;
	senders: SenderName[];
	subusers: SubUser[];
	contacts: Contact[];
	groups: Group[];
	templates: Template[];
	discountGroups: DiscountGroup[];
	callbacks: RegisteredCallback[];
	messages: Message[];
	/** test=1 sends: answered, never stored as messages, never charged. */
	testSends: Message[];
	usedIdx: Array<{ idx: string; at: number; username: string }>;
	hlrLookups: HlrLookup[];
	requests: RecordedRequest[];
	callbackLog: CallbackAttempt[];
	mails: { received: ReceivedMail[]; outbox: RaportMail[] };
	faults: Fault[];
	latency: Record<Address, number>;
	deliveryRules: DeliveryRule[];
}
