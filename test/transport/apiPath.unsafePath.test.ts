/**
 * The transport's last line of defence (issue 29): an endpoint with an empty, blank, `.` or `..`
 * segment, or one that decodes to such a segment or to a slash, is refused before any request.
 * HTTP clients collapse dot segments (`contacts/groups/..` leaves as `/contacts/`), so such an
 * endpoint reaches another address than the one meant, possibly a whole collection.
 */
import nock from 'nock';
import { NodeOperationError } from 'n8n-workflow';

import { unsafePathSegment } from '../../nodes/Smsapi/transport/apiPath';
import { smsapiApiRequest } from '../../nodes/Smsapi/transport/smsapiApiRequest';
import { PRIMARY, tokenCredentials } from '../support/n8n-context';
import { fastSettings, transportContext } from './support/context';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

const UNSAFE = [
	['contacts/groups/..', '..'],
	['contacts/groups/.', '.'],
	['contacts/../groups/650000000000000000000001', '..'],
	['contacts/groups/', ''],
	['contacts//groups', ''],
	['contacts/groups/%2e%2e', '%2e%2e'],
	['contacts/groups/%252E%252e', '%252E%252e'],
	['contacts/a%2Fb/groups', 'a%2Fb'],
	['contacts/a%5Cb/groups', 'a%5Cb'],
	['contacts/%20%20/groups', '%20%20'],
] as const;

describe('unsafePathSegment', () => {
	it.each(UNSAFE)('finds the segment that makes %s unsafe', (endpoint, segment) => {
		expect(unsafePathSegment(endpoint)).toBe(segment);
	});

	it('lets the package’s own endpoints through', () => {
		for (const endpoint of [
			'sms.do',
			'contacts',
			'/contacts/groups/650000000000000000000001',
			'short_url/links/42',
			'mfa/codes/verifications',
		]) {
			expect(unsafePathSegment(endpoint)).toBeUndefined();
		}
	});
});

describe('smsapiApiRequest', () => {
	it.each(UNSAFE)(
		'refuses %s before anything is sent, naming the endpoint and the item',
		async (endpoint) => {
			const service = nock(PRIMARY).persist().intercept(/.*/, 'DELETE').query(true).reply(204, '');
			const { context, sent } = transportContext(tokenCredentials({ backupUrl: '' }));
			const error = await smsapiApiRequest
				.call(
					context,
					{ method: 'DELETE', endpoint, safeToRepeat: false, itemIndex: 2 },
					fastSettings(),
				)
				.then(
					() => undefined,
					(thrown: unknown) => thrown,
				);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect((error as NodeOperationError).message).toContain(
				`Refused to send a request to "${endpoint}"`,
			);
			expect((error as NodeOperationError).description).toMatch(/^Nothing was sent\./);
			expect((error as NodeOperationError).context.itemIndex).toBe(2);
			expect(sent).toEqual([]);
			expect(service.isDone()).toBe(false);
		},
	);
});
