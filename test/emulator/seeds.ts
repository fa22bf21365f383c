/**
 * The emulator's state as it starts and as a reset brings it back: the demo account, its sender
 * names, sub-users, contacts and groups, templates and prices' discount groups (fixed ids, so that
 * tests and fixtures can name them).
 */
import type { CallbackKey, Contact, EmulatorState, Group, RegisteredCallback, TemplateEncoding } from './state';
import { CALLBACK_TYPE_OF, md5 } from './state';

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
	/** How a send with param1–4 is encoded (state.ts, `Account.templateEncoding`); default `expandedText`. */
	templateEncoding?: TemplateEncoding;
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
			templateEncoding: options.templateEncoding ?? 'expandedText',
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
