import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { smsapiApiRequest } from '../../transport';

const properties: INodeProperties[] = [];

export const description = updateDisplayOptions(
	{ show: { resource: ['sender'], operation: ['getStatement'] } },
	properties,
);

/**
 * The statement SMSAPI asks the account holder to accept for a new sender name
 * (panel_com.yml `GET /sms/sendernames/statement`, `SendernameStatement`): `content`, and
 * `sections` with their statement `types` when the extended statements are on.
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const { data } = await smsapiApiRequest.call(this, {
			method: 'GET',
			endpoint: 'sms/sendernames/statement',
			safeToRepeat: true,
			// REST only: the username/password login is refused before anything is sent (tokenOnly.ts).
			tokenOnly: true,
			itemIndex,
		});
		const statement = (data ?? {}) as IDataObject;
		const sections = Array.isArray(statement.sections) ? (statement.sections as IDataObject[]) : [];
		return {
			content: statement.content ?? '',
			sections,
			types: sections.flatMap((section) =>
				Array.isArray(section.statements)
					? (section.statements as IDataObject[]).map((entry) => String(entry.type ?? ''))
					: [],
			),
		};
	});
}
