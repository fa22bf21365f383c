import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import type { ItemSend, SendChannel } from '../../send/channel';
import { toField } from '../../send/fields';
import { mediaSendOptions, readMediaSend } from '../../send/media';
import { executeSends } from '../../send/run';
import { validateNumber } from '../../helpers/numbers';
import { isHttpAddress } from '../shortLink/fields';

const properties: INodeProperties[] = [
	toField,
	{
		displayName: 'Content',
		name: 'contentType',
		type: 'options',
		options: [
			{
				name: 'Audio File From URL',
				value: 'file',
				description: 'A WAV or MP3 file the service fetches from a public address',
			},
			{ name: 'Text to Speech', value: 'tts', description: 'A text the service reads out' },
		],
		default: 'tts',
		description: 'What the call plays',
	},
	{
		displayName: 'Text',
		name: 'tts',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		required: true,
		placeholder: 'e.g. Your appointment is tomorrow at ten.',
		description: 'The text read out in the call (tts)',
		displayOptions: { show: { contentType: ['tts'] } },
	},
	{
		displayName: 'Audio File URL',
		name: 'file',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://example.com/message.wav',
		description: 'The public http(s) address of the audio file played in the call (file)',
		displayOptions: { show: { contentType: ['file'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: mediaSendOptions([
			{
				displayName: 'Caller ID',
				name: 'from',
				type: 'string',
				default: '',
				placeholder: 'e.g. 48221234567',
				description:
					"The number the call comes from (from), with its country prefix; the service takes only a number verified on the account. Empty: the service's own number.",
			},
			{
				displayName: 'Call Attempts',
				name: 'try',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 6 },
				default: 1,
				description: 'How many times the service calls when nobody answers, 1 to 6 (try)',
			},
			{
				displayName: 'Interval',
				name: 'interval',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 300,
				description: 'Seconds between call attempts (interval)',
			},
			{
				displayName: 'Lector',
				name: 'ttsLector',
				type: 'options',
				options: [
					{ name: 'Ewa', value: 'ewa' },
					{ name: 'Jacek', value: 'jacek' },
					{ name: 'Jan', value: 'jan' },
					{ name: 'Maja', value: 'maja' },
				],
				default: 'ewa',
				description: 'The voice that reads Text (tts_lector)',
			},
			{
				displayName: 'Skip Mobile Numbers',
				name: 'skipGsm',
				type: 'boolean',
				default: false,
				description:
					'Whether mobile numbers among the recipients are left out and only landlines are called (skip_gsm)',
			},
		]),
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['vms'], operation: ['send'] } },
	properties,
);

function readItem(this: IExecuteFunctions, itemIndex: number): ItemSend {
	const options = { ...(this.getNodeParameter('options', itemIndex, {}) as IDataObject) };
	const content: Record<string, string | number> = {};
	if (this.getNodeParameter('contentType', itemIndex, 'tts') === 'file') {
		const file = String(this.getNodeParameter('file', itemIndex, '') ?? '').trim();
		if (!isHttpAddress(file)) {
			throw new NodeOperationError(
				this.getNode(),
				`Audio File URL is not an http(s) address: "${file}"`,
				{
					itemIndex,
					description:
						'Nothing was sent for this item. The service fetches the file itself, so it needs a public address.',
				},
			);
		}
		content.file = file;
	} else {
		const tts = String(this.getNodeParameter('tts', itemIndex, '') ?? '').trim();
		if (tts === '') {
			throw new NodeOperationError(this.getNode(), 'Enter the text to read out', {
				itemIndex,
				description: 'Nothing was sent for this item.',
			});
		}
		content.tts = tts;
		if (typeof options.ttsLector === 'string' && options.ttsLector !== '')
			content.tts_lector = options.ttsLector;
	}
	if (typeof options.try === 'number') content.try = options.try;
	if (typeof options.interval === 'number') content.interval = options.interval;
	const from = callerId.call(this, options.from, itemIndex);
	if (from !== undefined) content.from = from;
	if (options.skipGsm === true) content.skip_gsm = 1;
	return readMediaSend.call(this, itemIndex, options, content);
}

/** Caller ID (`from`): a phone number, cleaned and checked before anything is sent. */
function callerId(this: IExecuteFunctions, value: unknown, itemIndex: number): string | undefined {
	const text = String(value ?? '').trim();
	if (text === '') return undefined;
	const checked = validateNumber(text);
	if (!checked.ok) {
		throw new NodeOperationError(this.getNode(), `Caller ID is not a phone number: "${text}"`, {
			itemIndex,
			description: `Nothing was sent for this item. ${checked.reason} The service calls only from a number verified on the account.`,
		});
	}
	return checked.number;
}

const VMS: SendChannel = { endpoint: 'vms.do', readItem };

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await executeSends.call(this, items, VMS);
}
