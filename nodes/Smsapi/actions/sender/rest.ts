import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	namePathSegment,
	SENDER_NAME_IN_PATH,
	servedByRestApi,
	smsapiApiRequest,
} from '../../transport';
import { senderItem } from './fields';

/**
 * Sender names over the published REST API (panel_com.yml `/sms/sendernames`), which token logins
 * use. Its entries (`Sendername`: sender, status, is_default, created_at) become the items
 * sender.do gives (`sender`, `status`, `default`), with `created_at` when the service tells it.
 */

/**
 * `sms/sendernames/<name>`, the name percent-encoded (it may hold spaces, `&`, `+` or `%`); a name
 * that is no sender name of the published pattern, or the path beside them, is refused before any
 * request.
 */
export function senderPath(name: string, command = ''): string {
	return `sms/sendernames/${namePathSegment('name', name, SENDER_NAME_IN_PATH)}${command}`;
}

/** A REST sender name as the output item of sender.do. */
export function restSenderItem(entry: unknown): IDataObject {
	const sender =
		entry && typeof entry === 'object' && !Array.isArray(entry) ? (entry as IDataObject) : {};
	const item: IDataObject = {
		sender: sender.sender ?? null,
		status: sender.status ?? null,
		default: sender.is_default === true,
	};
	if (sender.created_at !== undefined) item.created_at = sender.created_at;
	return item;
}

/**
 * One name, its status and whether it is the default: `GET /sms/sendernames/{sender}` for token
 * logins, sender.do `status` for username/password logins.
 */
export async function fetchSender(
	this: IExecuteFunctions,
	name: string,
	itemIndex: number,
): Promise<IDataObject> {
	const rest = await servedByRestApi(this, itemIndex);
	const { data } = await smsapiApiRequest.call(this, {
		method: 'GET',
		...(rest ? { endpoint: senderPath(name) } : { endpoint: 'sender.do', qs: { status: name } }),
		safeToRepeat: true,
		itemIndex,
	});
	return rest ? restSenderItem(data) : senderItem(data, name);
}
