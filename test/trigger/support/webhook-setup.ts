/**
 * What the webhook tests share: the SMSAPI Trigger loaded once per test file (a clean log and
 * process memory per test), a secret, a delivery report and the warnings logged.
 */
import type { INodeType } from 'n8n-workflow';

import { oneDlr } from '../../callbacks/support/parsing';
import { forgetProcessMemory, loadTrigger, logs } from './webhook-calls';

/** The trigger node of the running test file (set before its tests run). */
export let trigger: INodeType;

/** `request`: the transport's request the node's lifecycle calls (reset before each test). */
export function useTriggerNode(request?: jest.Mock): void {
	beforeAll(() => {
		const SmsapiTrigger = loadTrigger(request);
		trigger = new SmsapiTrigger();
	});

	beforeEach(() => {
		request?.mockReset();
		logs.length = 0;
		forgetProcessMemory();
	});
}

export const SECRET = 'Xy7-secret';

/** A delivery report as the service sends it (parse-support.ts), of message `MsgId` in `status`. */
export const report = (MsgId: string, status: string, extra: Record<string, string> = {}): Record<string, string> => ({
	...oneDlr,
	MsgId,
	status,
	status_name: '',
	...extra,
});

export const warnings = () => logs.filter((line) => line.level === 'warn').map((line) => line.message);
