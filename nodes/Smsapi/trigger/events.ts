import type { CallbackEvent } from '../callbacks/eventFields';

/**
 * Every event of the trigger. MMS and voice delivery reports and inbound MMS are registered as
 * their own callback types (panel_com.yml `Callback.type`: mms_dlr, vms_dlr, mms_mo) and read in
 * the format of their SMS counterparts (`format`).
 */
export type TriggerEvent = CallbackEvent | 'mmsDlr' | 'mmsMo' | 'vmsDlr';

interface EventInfo {
	/** Shown in the Event selector. */
	name: string;
	description: string;
	/** The HTTP methods the service calls with (docs/service-behaviour.md, "Callbacks"); both where it is not documented. */
	methods: Array<'GET' | 'POST'>;
	/** The callback type in the service's `/callbacks` registry. */
	registryType:
		'sms_dlr' | 'sms_mo' | 'mms_dlr' | 'mms_mo' | 'vms_dlr' | 'bulk' | 'hlr' | 'short_url';
	/** How its callbacks are read, filtered and told apart: the SMS event with the same shape. */
	format: CallbackEvent;
	/** Whether every report of the event carries the account `username`. */
	carriesUsername: boolean;
}

export const EVENT_INFO: Record<TriggerEvent, EventInfo> = {
	bulk: {
		name: 'Bulk Start',
		description: 'Sending of a bulk (for example a scheduled one) started',
		methods: ['GET', 'POST'],
		registryType: 'bulk',
		carriesUsername: false,
		format: 'bulk',
	},
	click: {
		name: 'Short-Link Click',
		description: 'A recipient opened a short link for the first time',
		methods: ['GET'],
		registryType: 'short_url',
		carriesUsername: true,
		format: 'click',
	},
	dlr: {
		name: 'Delivery Report',
		description: 'The delivery status of a sent message changed',
		methods: ['GET'],
		registryType: 'sms_dlr',
		carriesUsername: true,
		format: 'dlr',
	},
	hlr: {
		name: 'Number Lookup Result',
		description: 'A number lookup (HLR) finished',
		methods: ['POST'],
		registryType: 'hlr',
		carriesUsername: false,
		format: 'hlr',
	},
	mo: {
		name: 'Inbound Message',
		description: 'A message was received for the account',
		methods: ['POST'],
		registryType: 'sms_mo',
		carriesUsername: true,
		format: 'mo',
	},
	mmsDlr: {
		name: 'MMS Delivery Report',
		description: 'The delivery status of a sent MMS changed',
		methods: ['GET'],
		registryType: 'mms_dlr',
		carriesUsername: true,
		format: 'dlr',
	},
	mmsMo: {
		name: 'Inbound MMS',
		description: 'An MMS was received for the account',
		methods: ['POST'],
		registryType: 'mms_mo',
		carriesUsername: true,
		format: 'mo',
	},
	vmsDlr: {
		name: 'Voice Message Delivery Report',
		description: 'The status of a voice message (VMS) call changed',
		methods: ['GET'],
		registryType: 'vms_dlr',
		carriesUsername: true,
		format: 'dlr',
	},
};

/** Every event value the trigger accepts. */
export const TRIGGER_EVENTS = Object.keys(EVENT_INFO) as TriggerEvent[];

/**
 * The HTTP methods of the chosen event as a JavaScript expression over the `event` parameter
 * (comma-separated: n8n makes one webhook per method, as for the Webhook node's multiple methods).
 */
export function httpMethodsOfEvent(): string {
	const groups = new Map<string, TriggerEvent[]>();
	for (const [event, info] of Object.entries(EVENT_INFO) as Array<[TriggerEvent, EventInfo]>) {
		const methods = info.methods.join(',');
		groups.set(methods, [...(groups.get(methods) ?? []), event]);
	}
	const branches = [...groups.entries()]
		.filter(([methods]) => methods !== 'GET,POST')
		.map(
			([methods, events]) =>
				`${JSON.stringify(events)}.includes($parameter["event"]) ? "${methods}" : `,
		);
	return `(${branches.join('')}"GET,POST")`;
}

/** What httpMethodsOfEvent() computes, for an `event` parameter without expression (n8n 2.x, description.ts). */
export function httpMethodsOf(event: unknown): string {
	return typeof event === 'string' && Object.prototype.hasOwnProperty.call(EVENT_INFO, event)
		? EVENT_INFO[event as TriggerEvent].methods.join(',')
		: 'GET,POST';
}

/** The webhook's `httpMethod`: the chosen event's methods, as an n8n expression. */
export function httpMethodExpression(): string {
	return `={{ ${httpMethodsOfEvent()} }}`;
}

/** The node's subtitle: the chosen event's name. */
export function subtitleExpression(): string {
	const branches = (Object.entries(EVENT_INFO) as Array<[TriggerEvent, EventInfo]>).map(
		([event, info]) =>
			`$parameter["event"] === ${JSON.stringify(event)} ? ${JSON.stringify(info.name)} : `,
	);
	return `={{ ${branches.join('')}$parameter["event"] }}`;
}
