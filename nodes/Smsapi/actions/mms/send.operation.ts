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
import { executeSends } from '../../send/executeSends';
import { isHttpAddress } from '../shortLink/fields';

const properties: INodeProperties[] = [
	toField,
	{
		displayName: 'Subject',
		name: 'subject',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Your ticket',
		description: 'The subject of the MMS (subject)',
	},
	{
		displayName: 'Content',
		name: 'contentType',
		type: 'options',
		options: [
			{
				name: 'Picture From URL',
				value: 'picture',
				description: 'One picture the service fetches from a public address',
			},
			{
				name: 'SMIL Document',
				value: 'smil',
				description: 'The whole MMS as SMIL, with addresses of its parts',
			},
		],
		default: 'picture',
		description: 'What the MMS shows',
	},
	{
		displayName: 'Picture URL',
		name: 'pictureUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://example.com/ticket.jpg',
		description:
			'The public http(s) address of the picture (JPEG, GIF or PNG); the node wraps it in a SMIL document',
		displayOptions: { show: { contentType: ['picture'] } },
	},
	{
		displayName: 'SMIL',
		name: 'smil',
		type: 'string',
		typeOptions: { rows: 5 },
		default: '',
		required: true,
		placeholder: '<smil>…</smil>',
		description: 'The MMS as a SMIL document (smil); its parts are public http(s) addresses',
		displayOptions: { show: { contentType: ['smil'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: mediaSendOptions([]),
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['mms'], operation: ['send'] } },
	properties,
);

function xmlAttribute(value: string): string {
	return value
		.replace(/&/g, '&amp;')
		.replace(/"/g, '&quot;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;');
}

/** A SMIL document that shows one picture (the layout the service's own examples use). */
export function pictureSmil(url: string): string {
	return (
		'<smil><head><layout><root-layout height="600" width="425"/>' +
		'<region id="Image" top="0" left="0" height="100%" width="100%" fit="meet"/></layout></head>' +
		`<body><par dur="5000ms"><img src="${xmlAttribute(url)}" region="Image"/></par></body></smil>`
	);
}

function readItem(this: IExecuteFunctions, itemIndex: number): ItemSend {
	const options = { ...(this.getNodeParameter('options', itemIndex, {}) as IDataObject) };
	const subject = String(this.getNodeParameter('subject', itemIndex, '') ?? '').trim();
	if (subject === '') {
		throw new NodeOperationError(this.getNode(), 'Enter the subject of the MMS', {
			itemIndex,
			description: 'Nothing was sent for this item.',
		});
	}
	let smil: string;
	if (this.getNodeParameter('contentType', itemIndex, 'picture') === 'smil') {
		smil = String(this.getNodeParameter('smil', itemIndex, '') ?? '').trim();
		if (!/^<smil[\s>]/i.test(smil)) {
			throw new NodeOperationError(
				this.getNode(),
				'SMIL must be a SMIL document (<smil>…</smil>)',
				{
					itemIndex,
					description: 'Nothing was sent for this item.',
				},
			);
		}
	} else {
		const url = String(this.getNodeParameter('pictureUrl', itemIndex, '') ?? '').trim();
		if (!isHttpAddress(url)) {
			throw new NodeOperationError(
				this.getNode(),
				`Picture URL is not an http(s) address: "${url}"`,
				{
					itemIndex,
					description:
						'Nothing was sent for this item. The service fetches the picture itself, so it needs a public address.',
				},
			);
		}
		smil = pictureSmil(url);
	}
	return readMediaSend.call(this, itemIndex, options, { subject, smil });
}

const MMS: SendChannel = { endpoint: 'mms.do', readItem };

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await executeSends.call(this, items, MMS);
}
