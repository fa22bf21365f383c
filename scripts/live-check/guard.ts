/**
 * The live check's allow-list: the only requests its gateway lets leave this process. Everything
 * it lets through is free and reaches no phone (docs/service-behaviour.md; the published API):
 * reads, sends with `test=1` (validated, neither sent nor charged), `sch_del` of scheduled ids and,
 * only with `--allow-writes`, registering and removing a callback URL and creating and deleting a
 * contact. `hlr.do` (charged per number), `mms.do`, `vms.do`, a send without `test=1`, sub-user and
 * sender-name changes and anything not listed are refused before a byte goes out.
 */
import { requestParameters, type WireRequest } from './wire';

export interface GuardOptions {
	/** `--allow-writes`: callback register + remove, contact create + delete. */
	allowWrites: boolean;
}

/** Parameters any request may carry: the answer format and the legacy login. */
const COMMON = new Set(['format', 'access_token', 'username', 'password']);

const CHARGED_ENDPOINTS: Record<string, string> = {
	'/hlr.do': 'number lookups (HLR) are charged',
	'/mms.do': 'MMS are charged and reach a phone',
	'/vms.do': 'voice messages are charged and reach a phone',
	'/rcs/messages': 'RCS messages are charged and reach a phone',
};

function onlyParameters(parameters: Record<string, string>, allowed: string[]): string | undefined {
	const extra = Object.keys(parameters).filter((key) => !COMMON.has(key) && !allowed.includes(key));
	return extra.length === 0 ? undefined : `parameters outside the allow-list: ${extra.join(', ')}`;
}

interface Rule {
	method: string;
	path: RegExp;
	/** undefined: allowed; a text: why not. */
	check?: (parameters: Record<string, string>) => string | undefined;
	write?: true;
}

const ID = '[0-9A-Za-z_-]+';

const RULES: Rule[] = [
	{ method: 'GET', path: /^\/ping$/ },
	{ method: 'GET', path: /^\/profile$/ },
	{
		method: 'GET',
		path: /^\/user\.do$/,
		check: (p) => {
			if (p.credits === '1') return onlyParameters(p, ['credits', 'details']);
			return p.list === '1' ? onlyParameters(p, ['list']) : 'only the balance (credits=1) and the list of sub-users (list=1) may be read';
		},
	},
	{
		method: 'POST',
		path: /^\/sms\.do$/,
		check: (p) => {
			if (p.sch_del !== undefined) return onlyParameters(p, ['sch_del']);
			return p.test === '1' || p.test === 'true' ? undefined : 'a send without test=1 would send a real message';
		},
	},
	{ method: 'GET', path: /^\/contacts$/ },
	{ method: 'GET', path: /^\/contacts\/groups$/ },
	{ method: 'GET', path: /^\/contacts\/fields$/ },
	{ method: 'GET', path: /^\/opt_outs$/, check: (p) => onlyParameters(p, ['offset', 'limit']) },
	{ method: 'GET', path: /^\/opt_outs\/settings$/ },
	{ method: 'GET', path: /^\/sender\.do$/, check: (p) => (p.list === '1' ? onlyParameters(p, ['list', 'with_nat_names']) : 'only the list of sender names may be read') },
	{ method: 'GET', path: /^\/sms\/templates$/ },
	{ method: 'GET', path: /^\/rcs\/senders$/ },
	{ method: 'GET', path: /^\/prices\.do$/ },
	// Token logins: the REST reads of sub-users (list only), sender names and prices.
	{ method: 'GET', path: /^\/subusers$/ },
	{ method: 'GET', path: /^\/sms\/sendernames$/ },
	{ method: 'GET', path: /^\/profile\/prices$/ },
	{ method: 'GET', path: /^\/callbacks$/ },
	{ method: 'POST', path: /^\/callbacks$/, write: true },
	{ method: 'DELETE', path: new RegExp(`^/callbacks/${ID}$`), write: true },
	{ method: 'POST', path: /^\/contacts$/, write: true },
	{ method: 'DELETE', path: new RegExp(`^/contacts/${ID}$`), write: true },
];

/** Why the request may not leave, or undefined when it is on the allow-list. */
export function refusalReason(request: WireRequest, options: GuardOptions): string | undefined {
	const charged = CHARGED_ENDPOINTS[request.path];
	if (charged) return `${request.path} is never called by the live check: ${charged}`;
	const rule = RULES.find((candidate) => candidate.method === request.method && candidate.path.test(request.path));
	if (!rule) return `${request.method} ${request.path} is not on the live check's allow-list`;
	if (rule.write && !options.allowWrites) return `${request.method} ${request.path} writes to the account; only with --allow-writes`;
	return rule.check?.(requestParameters(request));
}

/** The allow-list in words, for the banner and the README. */
export const ALLOWED_IN_WORDS =
	'reads (ping, profile, balance, contacts, groups, sub-users, contact fields, opt-outs and their settings, sender names, RCS senders, templates, prices, callbacks), sms.do only with test=1 or sch_del';
