/**
 * Short Link → Delete against a mocked service (nock): DELETE by id; an id not of its kind refused
 * before any request, one of its kind sent. In n8n's engine, after Create: create.engine.test.ts.
 */
import { expectIdRefused, firstRequest } from '../support/id-formats';
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('shortLink.delete', () => {
	it('DELETEs /short_url/links/{id} and outputs the deleted id', async () => {
		mockService().on('DELETE', '/short_url/links/101', () => [204, '']);
		expect((await runNode({ parameters: { resource: 'shortLink', operation: 'delete', linkId: '101' } }))[0].json).toEqual({ id: '101', deleted: true });
	});

	it('an id that is not digits ("abc") is refused before any request', () =>
		expectIdRefused({ resource: 'shortLink', operation: 'delete', linkId: 'abc' }, 'linkId: "abc"', /digits only/));

	it('a link id goes through', async () => {
		expect(await firstRequest({ resource: 'shortLink', operation: 'delete', linkId: '101' })).toBe('DELETE /short_url/links/101');
	});
});
