import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { loadOptions } from '../../nodes/Smsapi/methods';
import { loadOptionsContext } from '../support/n8n-context';
import { mockService, operationCredentials, useMockedNetwork } from './support/run-node';

useMockedNetwork();

const context = () => loadOptionsContext({ credentials: operationCredentials() }) as ILoadOptionsFunctions;

describe('dropdowns of templates and short links', () => {
	it('getTemplateIds lists the templates by id, named and described by their text, sorted', async () => {
		mockService().on('GET', '/sms/templates', () => [
			200,
			{ size: 2, collection: [{ id: 't2', name: 'welcome', template: 'Hi [%1%]' }, { id: 't1', name: 'shipping', template: 'Sent' }] },
		]);
		expect(await loadOptions.getTemplateIds.call(context())).toEqual([
			{ name: 'shipping', value: 't1', description: 'Sent' },
			{ name: 'welcome', value: 't2', description: 'Hi [%1%]' },
		]);
	});

	it('getShortLinkIds lists the links by id with their short and long addresses', async () => {
		mockService().on('GET', '/short_url/links', () => [
			200,
			{ size: 1, collection: [{ id: '101', name: 'sale', url: 'https://example.com/sale', short_url: 'http://idz.do/sale' }] },
		]);
		expect(await loadOptions.getShortLinkIds.call(context())).toEqual([
			{ name: 'sale', value: '101', description: 'http://idz.do/sale → https://example.com/sale' },
		]);
	});
});
