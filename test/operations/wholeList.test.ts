/**
 * A Get Many of a list the service answers whole (actions/wholeList.ts), in n8n-core's
 * ExecuteContext against nock: one GET (with the list's query), Return All or the first Limit
 * entries, one output item each, shaped when the list says how; a list only the token reaches
 * refused for the username/password login before anything is sent.
 */
import { fetchList, wholeListOperation } from '../../nodes/Smsapi/actions/wholeList';
import { legacyLogin } from './support/legacy-login';
import { failure, mockService, nodeContext, useMockedNetwork } from './support/run-node';

useMockedNetwork();

const collection = { size: 3, collection: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] };

describe('a list answered whole', () => {
	it('one GET, the first Limit entries as items, shaped by the list', async () => {
		const service = mockService().on('GET', '/sms/templates', () => [200, collection]);
		const operation = wholeListOperation('template', 'sms/templates', { qs: { kind: 'x' }, toItem: (entry) => ({ template: entry.id }) });
		const context = nodeContext({ parameters: { resource: 'template', operation: 'getMany', returnAll: false, limit: 2 } });
		expect(await operation.execute.call(context, context.getInputData())).toEqual([
			{ json: { template: 'a' }, pairedItem: { item: 0 } },
			{ json: { template: 'b' }, pairedItem: { item: 0 } },
		]);
		expect(service.calls.map((call) => [call.method, call.path, call.query])).toEqual([['GET', '/sms/templates', { kind: 'x' }]]);
		expect(operation.description.map((field) => field.name)).toEqual(['returnAll', 'limit']);
	});

	it('reads the entries of the answer; a token-only list refuses the username/password login before sending', async () => {
		mockService().on('GET', '/short_url/links', () => [200, collection]);
		expect(await fetchList.call(nodeContext({ parameters: { resource: 'shortLink', operation: 'getMany' } }), 'short_url/links')).toHaveLength(3);
		const service = mockService().on('GET', '/short_url/links', () => [200, collection]);
		const legacy = nodeContext({ parameters: { resource: 'shortLink', operation: 'getMany' }, credentials: legacyLogin() });
		expect((await failure(fetchList.call(legacy, 'short_url/links', undefined, 0, true))).message).toMatch(/^This operation needs an access token/);
		expect(service.calls).toHaveLength(0);
	});
});
