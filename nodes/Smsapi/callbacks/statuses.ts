/**
 * Delivery statuses of a message as the service reports them in delivery reports
 * (status codes 401 to 412, docs/service-behaviour.md, "Callbacks"). `final`: no later report is expected for the message.
 */
interface DeliveryStatus {
	code: number;
	name: string;
	final: boolean;
	description: string;
}

export const DELIVERY_STATUSES: readonly DeliveryStatus[] = [
	{
		code: 401,
		name: 'NOT_FOUND',
		final: true,
		description: 'Wrong message ID or the report expired',
	},
	{ code: 402, name: 'EXPIRED', final: true, description: 'The message expired' },
	// "Sent without a final delivery report": the network gives no report, none will follow.
	{
		code: 403,
		name: 'SENT',
		final: true,
		description: 'Sent, the network gives no final delivery report',
	},
	{ code: 404, name: 'DELIVERED', final: true, description: 'Delivered to the recipient' },
	{
		code: 405,
		name: 'UNDELIVERED',
		final: true,
		description: 'Not delivered (invalid number, roaming error, ...)',
	},
	{ code: 406, name: 'FAILED', final: true, description: 'Sending failed' },
	{
		code: 407,
		name: 'REJECTED',
		final: true,
		description: 'Rejected (invalid number, roaming error, ...)',
	},
	{
		code: 408,
		name: 'UNKNOWN',
		final: true,
		description: 'No report: may or may not have been delivered',
	},
	{ code: 409, name: 'QUEUE', final: false, description: 'Waiting to be sent' },
	{ code: 410, name: 'ACCEPTED', final: false, description: 'Delivered to the operator' },
	{ code: 412, name: 'STOP', final: true, description: 'Bulk stopped by the user' },
];

const BY_CODE = new Map(DELIVERY_STATUSES.map((status) => [status.code, status]));
const BY_NAME = new Map(DELIVERY_STATUSES.map((status) => [status.name, status]));

function statusByCode(code: number | null | undefined): DeliveryStatus | undefined {
	return code === null || code === undefined ? undefined : BY_CODE.get(code);
}

function statusByName(name: string | null | undefined): DeliveryStatus | undefined {
	return name ? BY_NAME.get(name.trim().toUpperCase()) : undefined;
}

/**
 * The status of a report from its code and/or the service's `status_name`. The code wins;
 * the name is the fallback when the code is missing or outside the table.
 */
export function resolveStatus(
	code: number | null | undefined,
	name: string | null | undefined,
): DeliveryStatus | undefined {
	return statusByCode(code) ?? statusByName(name);
}
