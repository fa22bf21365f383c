import { createHash } from 'node:crypto';

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
}

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
	status: number;
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

export interface SeedOptions {
	token: string;
	username: string;
	password: string;
	credits: number;
	callbackUrls: Partial<Record<CallbackKey, string>>;
	dlrDelayMs: number;
	callbackRetryMs: number;
	callbackMaxAttempts: number;
	/** Delay before every answer (both addresses); default 0. */
	latencyMs?: number;
}

const SEED_TIME = '2024-01-15T10:00:00+01:00';

export const SEED_IDS = {
	groups: { customers: '650000000000000000000001', vip: '650000000000000000000002', empty: '650000000000000000000003' },
	templates: {
		welcome: '660000000000000000000001',
		appointment: '660000000000000000000002',
		otp: '660000000000000000000003',
	},
};

function seedContact(
	n: number,
	fields: Partial<Contact> & Pick<Contact, 'first_name' | 'last_name' | 'phone_number'>,
): Contact {
	return {
		id: `640000000000000000${String(n).padStart(6, '0')}`,
		email: '',
		gender: 'undefined',
		birthday_date: '',
		city: '',
		country: '',
		source: 'seed',
		description: '',
		date_created: SEED_TIME,
		date_updated: SEED_TIME,
		groupIds: [],
		custom: {},
		...fields,
	};
}

export function createState(options: SeedOptions): EmulatorState {
	const g = SEED_IDS.groups;
	const group = (id: string, name: string, description: string): Group => ({
		id,
		name,
		description,
		date_created: SEED_TIME,
		date_updated: SEED_TIME,
		created_by: options.username,
		idx: null,
		contact_expire_after: null,
	});
	const callbacks: RegisteredCallback[] = [];
	let cbCounter = 0;
	for (const [key, url] of Object.entries(options.callbackUrls) as Array<[CallbackKey, string | undefined]>) {
		if (!url) continue;
		cbCounter += 1;
		callbacks.push({
			id: `670000000000000000${String(cbCounter).padStart(6, '0')}`,
			type: CALLBACK_TYPE_OF[key],
			url,
			receiver: key === 'mo' ? { type: 'all', number: null } : null,
			active: true,
			invalid: false,
			api_version: 1,
		});
	}
	const now = Math.floor(Date.now() / 1000);
	return {
		account: {
			username: options.username,
			password: options.password,
			passwordMd5: md5(options.password),
			token: options.token,
			name: 'Demo Company',
			email: 'demo@example.com',
			phoneNumber: '48500100200',
			points: options.credits,
			whitelist: [],
			inboundNumber: '48799599599',
			twoWayNumbers: [],
			defaultMaxParts: 6,
			hlrCallbackFormat: 'json',
			callbackRetryMs: options.callbackRetryMs,
			callbackMaxAttempts: options.callbackMaxAttempts,
			dlrDelayMs: options.dlrDelayMs,
			intermediateReports: false,
			lenientQuery: false,
		},
		senders: [
			{ name: 'Test', status: 'ACTIVE', isDefault: true, createdAt: SEED_TIME },
			{ name: 'MyShop', status: 'ACTIVE', isDefault: false, createdAt: SEED_TIME },
			{ name: 'NewBrand', status: 'INACTIVE', isDefault: false, createdAt: SEED_TIME },
		],
		subusers: [
			{
				username: `${options.username}_shop`,
				pass: md5('shop-password'),
				passApi: md5('shop-password'),
				limit: 50,
				monthLimit: 10,
				senders: 1,
				phonebook: 1,
				active: true,
				info: 'Shop branch',
			},
		],
		groups: [
			group(g.customers, 'customers', 'All customers'),
			group(g.vip, 'vip', 'Best customers'),
			group(g.empty, 'empty', 'A group without contacts'),
		],
		contacts: [
			seedContact(1, {
				first_name: 'Anna',
				last_name: 'Kowalska',
				phone_number: '48500000001',
				email: 'anna.kowalska@example.com',
				gender: 'female',
				birthday_date: '1990-04-12',
				city: 'Warszawa',
				country: 'Poland',
				groupIds: [g.customers, g.vip],
				custom: { loyalty_level: 'gold', points_balance: '120' },
			}),
			seedContact(2, {
				first_name: 'Jan',
				last_name: 'Nowak',
				phone_number: '48500000002',
				email: 'jan.nowak@example.com',
				gender: 'male',
				birthday_date: '1985-11-03',
				city: 'Krakow',
				country: 'Poland',
				groupIds: [g.customers],
				custom: { loyalty_level: 'silver', points_balance: '40' },
			}),
			seedContact(3, {
				first_name: 'Piotr',
				last_name: 'Wisniewski',
				phone_number: '48500000003',
				email: 'piotr.wisniewski@example.com',
				gender: 'male',
				birthday_date: '1978-02-20',
				city: 'Gdansk',
				country: 'Poland',
				groupIds: [g.customers],
				custom: { loyalty_level: 'bronze', points_balance: '5' },
			}),
			seedContact(4, {
				first_name: 'Maria',
				last_name: 'Wojcik',
				phone_number: '48500000004',
				email: 'maria.wojcik@example.com',
				gender: 'female',
				birthday_date: '2001-07-30',
				city: 'Poznan',
				country: 'Poland',
			}),
			seedContact(5, {
				first_name: 'John',
				last_name: 'Smith',
				phone_number: '447700900123',
				email: 'john.smith@example.co.uk',
				gender: 'male',
				birthday_date: '1992-09-15',
				city: 'London',
				country: 'United Kingdom',
			}),
			seedContact(6, {
				first_name: 'Eva',
				last_name: 'Svensson',
				phone_number: '46701234567',
				email: 'eva.svensson@example.se',
				gender: 'female',
				birthday_date: '1988-01-01',
				city: 'Stockholm',
				country: 'Sweden',
			}),
		],
		templates: [
			{ id: SEED_IDS.templates.welcome, name: 'welcome', template: 'Hello [%1%], welcome to [%2%]!' },
			{
				id: SEED_IDS.templates.appointment,
				name: 'appointment',
				template: 'Dear [%1%], your appointment is on [%2%] at [%3%].',
			},
			{ id: SEED_IDS.templates.otp, name: 'otp', template: 'Your code is [%1%]' },
		],
		discountGroups: [
			{
				name: 'spring-sale',
				expiresAt: now + 365 * 86400,
				codes: Array.from({ length: 10 }, (_, i) => ({ code: `SPRING${String(i + 1).padStart(2, '0')}`, redeemed: false })),
			},
			{ name: 'winter-sale', expiresAt: now - 30 * 86400, codes: [{ code: 'WINTER01', redeemed: false }] },
			{ name: 'sold-out', expiresAt: null, codes: [{ code: 'GONE01', redeemed: true }] },
		],
		callbacks,
		messages: [],
		testSends: [],
		usedIdx: [],
		hlrLookups: [],
		requests: [],
		callbackLog: [],
		mails: { received: [], outbox: [] },
		faults: [],
		latency: { primary: options.latencyMs ?? 0, backup: options.latencyMs ?? 0 },
		deliveryRules: [],
	};
}
