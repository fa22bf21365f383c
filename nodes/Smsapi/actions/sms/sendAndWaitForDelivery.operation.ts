import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { SendChannel } from '../../send/channel';
import { neutralizeMacrosOption, withOwnOptions } from '../../send/fields';
import { setParameter } from '../../send/request';
import { executeSends } from '../../send/executeSends';
import { sendOptions } from '../../send/sendOptions';
import {
	DEFAULT_WAIT_MINUTES,
	MAX_WAIT_HOURS,
	reportAddress,
	waitLimit,
	waitingForReport,
} from '../../delivery/deliveryWait';
import { newReportCheck } from '../../delivery/reportCheck';
import { waitWith } from '../../wait/waitingItem';
import { recipientsAndText } from './send.operation';
import { refuse } from './refusal';
import { SmsItemReader } from './sendItem';

const properties: INodeProperties[] = [
	...recipientsAndText,
	{
		displayName: 'Time Limit',
		name: 'timeLimit',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 2 },
		default: DEFAULT_WAIT_MINUTES,
		required: true,
		description: `How long to wait for the final delivery report before going on with timedOut: true (at most ${MAX_WAIT_HOURS} hours, how long the service tries to deliver). For a scheduled message it counts from the send time.`,
	},
	{
		displayName: 'Time Limit Unit',
		name: 'timeLimitUnit',
		type: 'options',
		options: [
			{ name: 'Seconds', value: 'seconds' },
			{ name: 'Minutes', value: 'minutes' },
			{ name: 'Hours', value: 'hours' },
		],
		default: 'minutes',
	},
	{
		displayName:
			'The execution waits here until a final delivery report arrives (delivered: true or false) or the time limit runs out (timedOut: true). SENT, QUEUE and ACCEPTED are not final: a DELIVERED may still follow. Then one item leaves the node: branch on "delivered" with an IF node.',
		name: 'waitNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		// The report address is this execution's own: Notify URL is not offered.
		options: withOwnOptions(
			sendOptions.filter((option) => option.name !== 'notifyUrl'),
			[neutralizeMacrosOption],
		),
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sms'], operation: ['sendAndWaitForDelivery'] } },
	properties,
);

const ONE_MESSAGE =
	'n8n resumes a waiting execution once, so one execution waits for one message. For several, put a Loop Over Items node (batch size 1) in front, or use Send with the SMSAPI Trigger.';

/**
 * Send and Wait for Delivery: one SMS sent as Send sends it (the same reader, checks, idx guard
 * and failover), with `notify_url` set to this execution's resume address plus a random check
 * made for this send (the waiting item keeps only its hash), then the execution waits. Its
 * `webhook()` (delivery/reportWebhook.ts) resumes it with the final report; at the time limit n8n
 * passes on the "timed out" item left as the node's input here.
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	if (node.type.endsWith('Tool'))
		throw refuse.call(
			this,
			'Send and Wait for Delivery cannot run as an AI Agent tool',
			'An agent waits for its tools to answer; it cannot be paused until a delivery report comes. Use Send as the tool.',
		);
	if (items.length !== 1)
		throw refuse.call(
			this,
			`Send and Wait for Delivery takes one item; it got ${items.length}`,
			ONE_MESSAGE,
		);
	const executionId = this.getExecutionId();
	if (!executionId) throw refuse.call(this, 'This execution has no ID to resume', ONE_MESSAGE);

	const reader = new SmsItemReader(this);
	// The report address's check, made for this send (delivery/reportCheck.ts).
	const { check, hash } = newReportCheck();
	const resumeUrl = String(this.evaluateExpression('{{ $execution.resumeUrl }}', 0));
	let until: Date | undefined;
	let idx = '';
	const channel: SendChannel = {
		endpoint: 'sms.do',
		readItem: (itemIndex) => {
			const send = reader.read(itemIndex);
			const { request } = send;
			if (request.to.length !== 1)
				throw refuse.call(
					this,
					`Send and Wait for Delivery sends to one number; To has ${request.to.length}`,
					ONE_MESSAGE,
					itemIndex,
				);
			if (request.flags.test)
				throw refuse.call(
					this,
					'Test sends nothing, so no delivery report would come',
					'Switch Test off, or use Send.',
					itemIndex,
				);
			const limit = waitLimit(
				this.getNodeParameter('timeLimit', itemIndex, DEFAULT_WAIT_MINUTES),
				this.getNodeParameter('timeLimitUnit', itemIndex, 'minutes'),
				new Date(),
				request.dates.date?.at,
			);
			if ('problem' in limit)
				throw refuse.call(this, limit.problem, 'Change Time Limit.', itemIndex);
			until = limit.until;
			return send;
		},
		finishSend: (send) => {
			// The idx (the user's, or the one the node generated) names the message in its reports.
			idx = send.request.perRecipient.idx?.[0] ?? '';
			const address = reportAddress(resumeUrl, check);
			setParameter(send.request, 'notify_url', address);
			send.wire.notify_url = address;
		},
	};
	const output = await executeSends.call(this, items, channel);
	const sent = output[0];
	// Refused under Continue On Fail: nothing to wait for, the error item goes on.
	if (
		!sent ||
		until === undefined ||
		(sent.json.id === undefined && sent.json.accepted_earlier !== true)
	)
		return output;

	// A report resumes the execution with its own item instead (delivery/reportWebhook.ts).
	const waiting = waitingForReport({ ...sent.json, idx: sent.json.idx || idx }, until, hash);
	return await waitWith.call(this, waiting, until);
}
