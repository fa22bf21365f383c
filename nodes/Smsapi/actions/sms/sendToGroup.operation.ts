import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { DEFAULT_MAX_PARALLEL_REQUESTS, parallelLimit } from '../../helpers/parallel';
import { numberFromService, toText } from '../../helpers/values';
import { mapItemsInParallel } from '../../items/loop';
import { maxParallelRequestsOption } from '../../items/runOptions';
import { withInertMacros } from '../../items/untrustedText';
import { checkRequest } from '../../send/checks';
import {
	HIDE_WITH_TEMPLATE,
	messageField,
	neutralizeMacrosOption,
	withOwnOptions,
} from '../../send/fields';
import { formatProblems } from '../../send/problems';
import { hasParameter, parseSendOptions, setParameter } from '../../send/request';
import { sendOptions } from '../../send/sendOptions';
import { toWire } from '../../send/wire';
import { smsapiApiRequest } from '../../transport';

/** Per-recipient values cannot be given for a group whose members the node does not know. */
const GROUP_EXCLUDED = new Set(['batching', 'idx', 'param1', 'param2', 'param3', 'param4']);

const properties: INodeProperties[] = [
	{
		displayName: 'Group Name or ID',
		name: 'group',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getContactGroupNames' },
		default: '',
		required: true,
		description:
			'A group of the contacts database; every contact in it gets the message. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		...messageField,
		displayOptions: HIDE_WITH_TEMPLATE,
		hint: 'Contact fields fill in per recipient: [%contact.first_name%] or any custom field as [%contact.field name%]. Also [%code%], [%goto:https://…%], [%opt_out_link%].',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: withOwnOptions(
			sendOptions.filter((option) => !GROUP_EXCLUDED.has(option.name)),
			[maxParallelRequestsOption, neutralizeMacrosOption],
		),
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sms'], operation: ['sendToGroup'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	// One request per item, at most Max Parallel Requests in flight; output in input order.
	const limit = parallelLimit(
		this.getNodeParameter('options.maxParallelRequests', 0, DEFAULT_MAX_PARALLEL_REQUESTS),
	);
	return await mapItemsInParallel.call(this, items, limit, async (itemIndex) => {
		const group = String(this.getNodeParameter('group', itemIndex) ?? '').trim();
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		let message = toText(this.getNodeParameter('message', itemIndex, ''));
		if (options.neutralizeMacros === true)
			message = withInertMacros.call(this, 'message', itemIndex, message);
		const request = parseSendOptions(options, { timezone: this.getTimezone?.() });
		setParameter(request, 'group', group);
		// A template replaces the message (Message is hidden then; a value left from before is ignored).
		if (message !== '' && !hasParameter(request, 'template'))
			setParameter(request, 'message', message);

		const problems = checkRequest(request);
		if (problems || group === '') {
			throw new NodeOperationError(
				this.getNode(),
				group === '' ? 'Choose the contact group to send to' : formatProblems(problems!),
				{ itemIndex, description: 'Nothing was sent.' },
			);
		}
		// A group's size is not known here, so no idx per recipient can be given: the transport
		// repeats this request on the backup only when the primary provably never received it.
		const { data } = await smsapiApiRequest.call(this, {
			method: 'POST',
			endpoint: 'sms.do',
			body: toWire(request),
			safeToRepeat: false,
		});
		const response = data as IDataObject;
		const list = Array.isArray(response.list) ? (response.list as IDataObject[]) : [];
		return list.map((entry) => ({
			...entry,
			points: numberFromService(entry.points) as number,
			group,
		}));
	});
}
