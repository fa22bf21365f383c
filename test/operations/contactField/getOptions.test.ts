/**
 * Contact Field → Get Options against a mocked service (nock): GET /contacts/fields/{id}/options up
 * to Limit, a 501 (a field without fixed choices) an error asked once; an id not of its kind refused
 * before any request, the built-in gender's options asked for; token only. In n8n's engine, in the
 * chain that starts with Create: create.engine.test.ts.
 */
import { expectIdRefused, firstRequest, OBJECT_ID } from '../support/id-formats';
import { expectTokenOnly } from '../support/legacy-login';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const field = { id: '660000000000000000000001', name: 'loyalty_level', type: 'text' };
const TOKEN_ONLY = /^This operation needs an access token: SMSAPI's REST API \(\/contacts\/fields[^)]*\) does not accept the username and password login$/;

describe('contactField.getOptions', () => {
	it('reads /contacts/fields/{id}/options up to Limit; a 501 (no choices) is an error, asked once', async () => {
		const choices = [
			{ name: 'Female', value: 'female' },
			{ name: 'Male', value: 'male' },
			{ name: 'Undefined', value: 'undefined' },
		];
		const service = mockService()
			.on('GET', '/contacts/fields/gender/options', () => [200, { size: 3, collection: choices }])
			.on('GET', `/contacts/fields/${field.id}/options`, () => [501, { message: 'Feature not implemented', error: 'not_implemented' }]);
		const options = await runNode({ parameters: { resource: 'contactField', operation: 'getOptions', contactFieldId: 'gender', limit: 2 } });
		expect(options.map((item) => item.json)).toEqual(choices.slice(0, 2));
		const error = await failure(runNode({ parameters: { resource: 'contactField', operation: 'getOptions', contactFieldId: field.id } }));
		expect(error.message).toBe(
			'SMSAPI error not_implemented: the service does not offer this for the record. For contact fields: only fields with fixed choices (e.g. gender) have options.',
		);
		// 501 is the service's answer, not an outage: asked once, not repeated.
		expect(service.calls.map((call) => call.path)).toEqual(['/contacts/fields/gender/options', `/contacts/fields/${field.id}/options`]);
	});

	it('an id that is no field id ("available") is refused before any request', () =>
		expectIdRefused({ resource: 'contactField', operation: 'getOptions', contactFieldId: 'available' }, 'contactFieldId: "available"', OBJECT_ID));

	it("the built-in gender's options are asked for", async () => {
		expect(await firstRequest({ resource: 'contactField', operation: 'getOptions', contactFieldId: 'gender' })).toBe('GET /contacts/fields/gender/options');
	});

	it('the username/password login is refused before anything is sent (the REST call takes only a token)', () =>
		expectTokenOnly({ resource: 'contactField', operation: 'getOptions', contactFieldId: 'gender' }, TOKEN_ONLY));
});
