import { failure, mockService, runNode, useMockedNetwork } from './run-node';

useMockedNetwork();

const template = { id: 't1', name: 'shipping', template: 'Hello [%1%], order [%2%] shipped.', normalize: false };

describe('template', () => {
	it('create POSTs name, template and normalize as a form', async () => {
		const service = mockService().on('POST', '/sms/templates', () => [201, template]);
		const output = await runNode({
			parameters: { resource: 'template', operation: 'create', name: 'shipping', template: template.template, options: { normalize: true } },
		});
		expect(service.calls[0].body).toEqual({ normalize: '1', name: 'shipping', template: template.template });
		expect(output[0].json).toEqual(template);
		expect((await failure(runNode({ parameters: { resource: 'template', operation: 'create', name: 'x', template: ' ' } }))).message).toBe(
			'Enter the text of the template',
		);
	});

	it('update PUTs the changed fields; delete, get and getMany use the id', async () => {
		const service = mockService()
			.on('PUT', '/sms/templates/t1', () => [200, { ...template, name: 'sent' }])
			.on('GET', '/sms/templates/t1', () => [200, template])
			.on('GET', '/sms/templates', () => [200, { size: 1, collection: [template] }])
			.on('DELETE', '/sms/templates/t1', () => [204, '']);
		await runNode({ parameters: { resource: 'template', operation: 'update', templateId: 't1', updateFields: { name: 'sent' } } });
		expect(service.calls[0].body).toEqual({ name: 'sent' });
		expect((await runNode({ parameters: { resource: 'template', operation: 'get', templateId: 't1' } }))[0].json).toEqual(template);
		expect(await runNode({ parameters: { resource: 'template', operation: 'getMany', returnAll: true } })).toHaveLength(1);
		expect((await runNode({ parameters: { resource: 'template', operation: 'delete', templateId: 't1' } }))[0].json).toEqual({ id: 't1', deleted: true });
	});
});
