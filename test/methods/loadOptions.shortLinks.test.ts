/**
 * The dropdown of short links (getShortLinkIds, nodes/Smsapi/methods/loadOptions.ts) that fills
 * Short Link → Get Clicks, Update and Delete: the links by id with their short and long addresses.
 */
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { loadOptions } from '../../nodes/Smsapi/methods';
import { loadOptionsContext } from '../support/n8n-context';
import { mockService, operationCredentials, useMockedNetwork } from '../operations/support/run-node';

useMockedNetwork();

const context = () => loadOptionsContext({ credentials: operationCredentials() }) as ILoadOptionsFunctions;

describe('getShortLinkIds', () => {
	it('lists the links by id with their short and long addresses', async () => {
		mockService().on('GET', '/short_url/links', () => [
			200,
			{ size: 1, collection: [{ id: '101', name: 'sale', url: 'https://example.com/sale', short_url: 'http://idz.do/sale' }] },
		]);
		expect(await loadOptions.getShortLinkIds.call(context())).toEqual([
			{ name: 'sale', value: '101', description: 'http://idz.do/sale → https://example.com/sale' },
		]);
	});
});
