/** What the callback parsing tests share: a parse that must succeed, and one delivery report as the service sends it. */
import type { ParseResult } from '../../../nodes/Smsapi/callbacks/eventFields';

export function ok(result: ParseResult) {
	if (!result.ok) throw new Error(`expected the request to be accepted, got ${result.status}: ${result.reason}`);
	return result;
}

export const oneDlr = {
	MsgId: '7074294081650020450',
	status: '404',
	status_name: 'DELIVERED',
	idx: '',
	sent_at: '1700000000',
	donedate: '1700000100',
	username: 'acme',
	points: '0.165',
	to: '48500000000',
	mcc: '260',
	mnc: '01',
};
