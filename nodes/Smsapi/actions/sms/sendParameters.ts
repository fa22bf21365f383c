import type { IDataObject } from 'n8n-workflow';

import type { SendParameters } from '../../helpers/sendModel';
import { wallTimeToDate } from '../../helpers/serviceDates';

/** The node's camelCase option names and the service's parameter names (docs/service-behaviour.md, "Public names"). */
const WIRE_NAMES: Record<string, keyof SendParameters> = {
	allowDuplicates: 'allow_duplicates',
	checkIdx: 'check_idx',
	datacoding: 'datacoding',
	date: 'date',
	dateValidate: 'date_validate',
	details: 'details',
	discountGroup: 'discount_group',
	encoding: 'encoding',
	expirationDate: 'expiration_date',
	fast: 'fast',
	flash: 'flash',
	from: 'from',
	idx: 'idx',
	maxParts: 'max_parts',
	normalize: 'normalize',
	notifyUrl: 'notify_url',
	nounicode: 'nounicode',
	param1: 'param1',
	param2: 'param2',
	param3: 'param3',
	param4: 'param4',
	single: 'single',
	template: 'template',
	test: 'test',
	timeRestriction: 'time_restriction',
	udh: 'udh',
};

/** Options that are the node's own, not service parameters. */
const NODE_OPTIONS = new Set([
	'batching',
	'maxParallelRequests',
	'maxRecipientsPerItem',
	'neutralizeMacros',
]);

const DATE_OPTIONS = new Set(['date', 'expiration_date']);

export interface SendParameterSettings {
	/** The workflow's time zone (`this.getTimezone()`): dates without an offset are read in it. */
	timezone?: string;
}

/**
 * The `options` collection in the service's terms. Empty strings are dropped (an unset
 * dropdown); `date_validate=1` goes with a `date` unless the user turned it off, as the
 * service's own clients do. A date without an offset (n8n's date picker stores wall-clock
 * time) is taken in `settings.timezone`, as n8n's own nodes do, not in the server's zone.
 */
export function toSendParameters(
	options: IDataObject,
	settings: SendParameterSettings = {},
): SendParameters {
	const params: Record<string, unknown> = {};
	for (const [name, value] of Object.entries(options)) {
		if (NODE_OPTIONS.has(name)) continue;
		if (value === '' || value === undefined || value === null) continue;
		const wireName = WIRE_NAMES[name];
		if (!wireName) continue;
		const inZone =
			DATE_OPTIONS.has(wireName) && typeof value === 'string' && settings.timezone
				? wallTimeToDate(value, settings.timezone)
				: null;
		params[wireName] = inZone ?? value;
	}
	if (params.date !== undefined && params.date_validate === undefined) params.date_validate = true;
	return params as SendParameters;
}
