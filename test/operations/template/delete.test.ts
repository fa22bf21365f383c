/**
 * Template → Delete against a mocked service (nock): DELETE by id; an id not of its kind refused
 * before any request, one of its kind sent. In n8n's engine, after Create: create.engine.test.ts.
 */
import { expectIdRefused, firstRequest } from '../support/id-formats';
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('template.delete', () => {
	it('DELETEs /sms/templates/{id} and outputs the deleted id', async () => {
		mockService().on('DELETE', '/sms/templates/t1', () => [204, '']);
		expect((await runNode({ parameters: { resource: 'template', operation: 'delete', templateId: 't1' } }))[0].json).toEqual({ id: 't1', deleted: true });
	});

	it('an id that is no template id ("available") is refused before any request', () =>
		expectIdRefused({ resource: 'template', operation: 'delete', templateId: 'available' }, 'templateId: "available"', /never "available"/));

	it('a template id goes through', async () => {
		expect(await firstRequest({ resource: 'template', operation: 'delete', templateId: 't1' })).toBe('DELETE /sms/templates/t1');
	});
});
