import type { CallbackEvent } from './eventFields';

export interface EventInfo {
	/** Shown in the Event selector. */
	name: string;
	description: string;
	/** The HTTP methods the service calls with (docs/service-behaviour.md, "Callbacks"); both where it is not documented. */
	methods: Array<'GET' | 'POST'>;
	/** The callback type in the service's `/callbacks` registry. */
	registryType: 'sms_dlr' | 'sms_mo' | 'bulk' | 'hlr' | 'short_url';
	/** Whether every report of the event carries the account `username`. */
	carriesUsername: boolean;
}

export const EVENT_INFO: Record<CallbackEvent, EventInfo> = {
	bulk: {
		name: 'Bulk Start',
		description: 'Sending of a bulk (for example a scheduled one) started',
		methods: ['GET', 'POST'],
		registryType: 'bulk',
		carriesUsername: false,
	},
	click: {
		name: 'Short-Link Click',
		description: 'A recipient opened a short link for the first time',
		methods: ['GET'],
		registryType: 'short_url',
		carriesUsername: true,
	},
	dlr: {
		name: 'Delivery Report',
		description: 'The delivery status of a sent message changed',
		methods: ['GET'],
		registryType: 'sms_dlr',
		carriesUsername: true,
	},
	hlr: {
		name: 'Number Lookup Result',
		description: 'A number lookup (HLR) finished',
		methods: ['POST'],
		registryType: 'hlr',
		carriesUsername: false,
	},
	mo: {
		name: 'Inbound Message',
		description: 'A message was received for the account',
		methods: ['POST'],
		registryType: 'sms_mo',
		carriesUsername: true,
	},
};

/**
 * The HTTP methods of the chosen event as a JavaScript expression over the `event` parameter
 * (comma-separated: n8n makes one webhook per method, as for the Webhook node's multiple methods).
 */
export function httpMethodsOfEvent(): string {
	const groups = new Map<string, CallbackEvent[]>();
	for (const [event, info] of Object.entries(EVENT_INFO) as Array<[CallbackEvent, EventInfo]>) {
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

/** The webhook's `httpMethod`: the chosen event's methods, as an n8n expression. */
export function httpMethodExpression(): string {
	return `={{ ${httpMethodsOfEvent()} }}`;
}

/** The node's subtitle: the chosen event's name. */
export function subtitleExpression(): string {
	const branches = (Object.entries(EVENT_INFO) as Array<[CallbackEvent, EventInfo]>).map(
		([event, info]) =>
			`$parameter["event"] === ${JSON.stringify(event)} ? ${JSON.stringify(info.name)} : `,
	);
	return `={{ ${branches.join('')}$parameter["event"] }}`;
}
