/**
 * Express's response as n8n hands it to a waiting node's `webhook()` (`getResponseObject()`), the
 * part the waits answer with (nodes/Smsapi/wait/keepWaiting.ts): status, headers, a string body.
 */
import { FakeResponse } from '../../trigger/support/webhook-calls';

export class WaitResponse extends FakeResponse {
	type(type: string) {
		this.headers['content-type'] = type;
		return this;
	}

	setHeader(name: string, value: string) {
		this.headers[name.toLowerCase()] = value;
		return this;
	}
}
