/**
 * What the live check runs, in order: free operations only (guard.ts refuses anything else).
 * Each check drives the package's own code (n8n-node.ts) and says how it ended; the requests it
 * made are compared with the emulator's answers to the same check (compare.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import type { NodeRunner, OperationResult } from './n8n-node';
import { probeTemplateEncoding } from './templateEncoding';

export type CheckOutcome =
	| { kind: 'success'; detail?: string }
	| { kind: 'error'; message: string }
	| { kind: 'skipped'; reason: string };

export interface CheckEnv {
	node: NodeRunner;
	/** Two recipients for test sends (nothing is sent: test=1). */
	numbers: [string, string];
	/** The number of the contact created and deleted again with --allow-writes. */
	contactNumber: string;
	/** Learnt on the way: a template of the account, the created contact. */
	state: { template?: string; contactId?: string };
	now: () => Date;
}

export interface Check {
	name: string;
	/** Needs --allow-writes. */
	writes?: true;
	run: (env: CheckEnv) => Promise<CheckOutcome>;
}

const TEST_TEXT = 'n8n-nodes-smsapi-plus live check (test=1: validated, not sent)';

function fromOperation(result: OperationResult, detail?: (items: IDataObject[]) => string): CheckOutcome {
	if (!result.ok) return { kind: 'error', message: [result.message, result.description].filter(Boolean).join(' — ') };
	return { kind: 'success', detail: detail?.(result.items) ?? `${result.items.length} item(s)` };
}

const send = (env: CheckEnv, to: string, message: string, options: IDataObject) =>
	env.node.operation({ resource: 'sms', operation: 'send', to, message, options: { ...options, test: true } });

const inDays = (env: CheckEnv, days: number) => new Date(env.now().getTime() + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A check whose REST call the node refuses for the username/password login before sending (every
 * REST call takes only a token: nodes/Smsapi/transport/errors/tokenOnly.ts) is skipped, not failed.
 */
export function skippedWithoutToken(outcome: CheckOutcome): CheckOutcome {
	return outcome.kind === 'error' && outcome.message.includes('This operation needs an access token')
		? { kind: 'skipped', reason: 'needs a token: the REST API takes no username and password' }
		: outcome;
}

/** The trigger whose registration the check reads and (with --allow-writes) makes: HLR results, the least used callback. */
const TRIGGER = { event: 'hlr', secret: 'live-check' };

export const CHECKS: Check[] = [
	{
		name: 'credential test',
		run: async (env) => {
			const result = await env.node.testCredential();
			return result.status === 'OK' ? { kind: 'success' } : { kind: 'error', message: result.message };
		},
	},
	{ name: 'account: profile', run: async (env) => fromOperation(await env.node.operation({ resource: 'account', operation: 'getProfile' })) },
	{ name: 'account: balance', run: async (env) => fromOperation(await env.node.operation({ resource: 'account', operation: 'getBalance' })) },
	{ name: 'sms: send single (test=1)', run: async (env) => fromOperation(await send(env, env.numbers[0], TEST_TEXT, {})) },
	{ name: 'sms: send bulk (test=1)', run: async (env) => fromOperation(await send(env, env.numbers.join(','), TEST_TEXT, {})) },
	{
		name: 'templates',
		run: async (env) => {
			const options = (await env.node.loadOptions('getTemplates')).filter((option) => option.value !== '');
			env.state.template = options[0] ? String(options[0].value) : undefined;
			return { kind: 'success', detail: `${options.length} template(s)` };
		},
	},
	{
		name: 'sms: send template (test=1)',
		run: async (env) => {
			if (!env.state.template) return { kind: 'skipped', reason: 'the account has no template' };
			const params = { param1: 'A|B', param2: 'A|B', param3: 'A|B', param4: 'A|B' };
			return fromOperation(await send(env, env.numbers.join(','), '', { template: env.state.template, ...params }));
		},
	},
	{
		name: 'sms: send personalised (test=1)',
		run: async (env) => fromOperation(await send(env, env.numbers.join(','), 'Hello [%1%], live check.', { param1: 'Ada|Bob' })),
	},
	{ name: 'sms: template encoding (test=1)', run: probeTemplateEncoding },
	{
		name: 'sms: send scheduled (test=1)',
		run: async (env) => fromOperation(await send(env, env.numbers[0], TEST_TEXT, { date: inDays(env, 2), expirationDate: inDays(env, 3) })),
	},
	{
		name: 'sms: send with options (test=1)',
		run: async (env) =>
			fromOperation(
				await send(env, env.numbers[0], `${TEST_TEXT} – zażółć`, {
					normalize: true,
					details: true,
					maxParts: 2,
					encoding: 'utf-8',
					idx: `live-check-${env.now().getTime()}`,
					checkIdx: true,
					timeRestriction: 'ignore',
				}),
			),
	},
	{
		name: 'sms: delete unknown scheduled id',
		run: async (env) => fromOperation(await env.node.operation({ resource: 'sms', operation: 'deleteScheduled', ids: '1000000000000000001' })),
	},
	{ name: 'contacts: list', run: async (env) => fromOperation(await env.node.operation({ resource: 'contact', operation: 'getMany', limit: 5 })) },
	{ name: 'contacts: search', run: async (env) => fromOperation(await env.node.operation({ resource: 'contact', operation: 'getMany', limit: 5, q: 'a' })) },
	{
		name: 'contact groups',
		run: async (env) => ({ kind: 'success', detail: `${(await env.node.loadOptions('getContactGroupIds')).length} group(s)` }),
	},
	{ name: 'sub-users', run: async (env) => fromOperation(await env.node.operation({ resource: 'subuser', operation: 'getMany' })) },
	{ name: 'opt-outs: list', run: async (env) => fromOperation(await env.node.operation({ resource: 'optOut', operation: 'getMany', limit: 5 })) },
	{ name: 'opt-outs: settings', run: async (env) => fromOperation(await env.node.operation({ resource: 'optOut', operation: 'getSettings' })) },
	{ name: 'contact fields: list', run: async (env) => fromOperation(await env.node.operation({ resource: 'contactField', operation: 'getMany', returnAll: true })) },
	{ name: 'sender names', run: async (env) => fromOperation(await env.node.operation({ resource: 'sender', operation: 'getMany' })) },
	{ name: 'rcs senders', run: async (env) => fromOperation(await env.node.operation({ resource: 'rcs', operation: 'getSenders', returnAll: true })) },
	{ name: 'prices', run: async (env) => fromOperation(await env.node.operation({ resource: 'price', operation: 'getMany' })) },
	{
		name: 'callbacks: read registry',
		run: async (env) => {
			const registered = await env.node.triggerHook('checkExists', TRIGGER, {});
			return { kind: 'success', detail: registered ? 'the live check URL is registered' : 'not registered' };
		},
	},
	{
		name: 'callbacks: register + remove',
		writes: true,
		run: async (env) => {
			const staticData: IDataObject = {};
			await env.node.triggerHook('create', TRIGGER, staticData);
			await env.node.triggerHook('delete', TRIGGER, staticData);
			return { kind: 'success' };
		},
	},
	{
		name: 'contact: create + delete',
		writes: true,
		run: async (env) => {
			const created = await env.node.operation({
				resource: 'contact',
				operation: 'create',
				phoneNumber: env.contactNumber,
				additionalFields: { firstName: 'n8n', lastName: 'Live Check', description: 'Created and deleted by the n8n-nodes-smsapi-plus live check' },
			});
			if (!created.ok) return fromOperation(created);
			const id = created.items[0]?.id;
			if (typeof id !== 'string' || id === '') return { kind: 'error', message: 'the created contact has no id: it may be left in the account' };
			env.state.contactId = id;
			await env.node.request({ method: 'DELETE', endpoint: `contacts/${encodeURIComponent(id)}`, safeToRepeat: false });
			return { kind: 'success' };
		},
	},
];
