import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { characterCount } from '../../helpers/values';
import { smsapiApiRequest } from '../../transport';
import { itemOperation } from '../itemOperation';
import { BRAND_MAX_LENGTH, OPT_OUT_SETTINGS } from './fields';

/**
 * `PUT /opt_outs/settings` with the JSON body `{brand}` (the published `UpdateOptOutSettings` is
 * JSON only); the answer is the settings as they are now. The same brand again changes nothing.
 */
export const { description, execute } = itemOperation(
	'optOut',
	'updateSettings',
	[
		{
			displayName: 'Brand',
			name: 'brand',
			type: 'string',
			default: '',
			placeholder: 'e.g. My Shop',
			description: `The company name the opt-out page presents (brand), sent as typed: up to ${BRAND_MAX_LENGTH} characters (an emoji counts as one). Empty: no name.`,
		},
	],
	async function (itemIndex) {
		// As typed: the published OptOutSettings takes any text of 0 to 255 characters (code points).
		const brand = String(this.getNodeParameter('brand', itemIndex, '') ?? '');
		const characters = characterCount(brand);
		if (characters > BRAND_MAX_LENGTH) {
			throw new NodeOperationError(
				this.getNode(),
				`The brand has ${characters} characters, more than the ${BRAND_MAX_LENGTH} the service takes`,
				{ itemIndex, description: 'Nothing was sent. Shorten the Brand.' },
			);
		}
		const { data } = await smsapiApiRequest.call(this, {
			method: 'PUT',
			endpoint: OPT_OUT_SETTINGS,
			body: { brand },
			bodyFormat: 'json',
			tokenOnly: true,
			safeToRepeat: true,
			itemIndex,
		});
		return { ...(data as IDataObject) };
	},
);
