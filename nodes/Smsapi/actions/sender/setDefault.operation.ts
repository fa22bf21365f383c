import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../items/loop';
import { smsapiApiRequest } from '../../transport';
import { existingSenderField, senderActionItem } from './fields';

const properties: INodeProperties[] = [existingSenderField];

export const description = updateDisplayOptions(
	{ show: { resource: ['sender'], operation: ['setDefault'] } },
	properties,
);

const MUST_BE_ACTIVE =
	'Only an active (verified) sender name can be the default. Sender names become active once SMSAPI has verified them; Get Status shows where a name stands.';

/** The service's refusal, with the reason a default is usually refused. */
function withActiveHint(error: unknown): unknown {
	if (error instanceof NodeApiError) {
		error.description = [error.description, MUST_BE_ACTIVE].filter(Boolean).join('\n');
	}
	return error;
}

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const name = requiredText.call(
			this,
			'name',
			itemIndex,
			'Choose the sender name to make the default',
		);
		// The service refuses an inactive default with a bare code; checking first lets the error say why.
		const { data: statusAnswer } = await smsapiApiRequest.call(this, {
			method: 'GET',
			endpoint: 'sender.do',
			qs: { status: name },
			safeToRepeat: true,
			itemIndex,
		});
		const status = String((statusAnswer as IDataObject | undefined)?.status ?? '').toUpperCase();
		if (status !== '' && status !== 'ACTIVE') {
			throw new NodeOperationError(
				this.getNode(),
				`The sender name "${name}" is ${status}, so it cannot be the default`,
				{ itemIndex, description: `Nothing was changed. ${MUST_BE_ACTIVE}` },
			);
		}
		try {
			const { data } = await smsapiApiRequest.call(this, {
				method: 'POST',
				endpoint: 'sender.do',
				body: { default: name },
				safeToRepeat: true,
				itemIndex,
			});
			return senderActionItem(data, name, { default: true });
		} catch (error) {
			throw withActiveHint(error);
		}
	});
}
