import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../items/loop';
import { servedByRestApi, smsapiApiRequest } from '../../transport';
import { existingSenderField, senderActionItem } from './fields';
import { fetchSender, senderPath } from './rest';

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
		const rest = await servedByRestApi(this, itemIndex);
		// The service refuses an inactive default with a bare code; checking first lets the error say why.
		const status = String(
			(await fetchSender.call(this, name, itemIndex)).status ?? '',
		).toUpperCase();
		if (status !== '' && status !== 'ACTIVE') {
			throw new NodeOperationError(
				this.getNode(),
				`The sender name "${name}" is ${status}, so it cannot be the default`,
				{ itemIndex, description: `Nothing was changed. ${MUST_BE_ACTIVE}` },
			);
		}
		try {
			if (rest) {
				await smsapiApiRequest.call(this, {
					method: 'POST',
					endpoint: senderPath(name, '/commands/make_default'),
					safeToRepeat: true,
					itemIndex,
				});
				return { sender: name, default: true };
			}
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
