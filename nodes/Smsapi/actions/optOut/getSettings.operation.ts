import type { IDataObject } from 'n8n-workflow';

import { smsapiApiRequest } from '../../transport';
import { itemOperation } from '../itemOperation';
import { OPT_OUT_SETTINGS } from './fields';

/** `GET /opt_outs/settings`: `{brand}`, the company name the opt-out page shows. */
export const { description, execute } = itemOperation(
	'optOut',
	'getSettings',
	[],
	async function (itemIndex) {
		const { data } = await smsapiApiRequest.call(this, {
			method: 'GET',
			endpoint: OPT_OUT_SETTINGS,
			tokenOnly: true,
			safeToRepeat: true,
			itemIndex,
		});
		return { ...(data as IDataObject) };
	},
);
