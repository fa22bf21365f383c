/**
 * Blacklist → Add against a mocked service (nock): the cleaned number and expire_at as a day, a number
 * already listed whatever the service answers (issue 29, finding 10), the checks before sending. Its
 * workflows in n8n's engine: add.engine.test.ts.
 */
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const entry = { id: 'b1', phone_number: '48500000001', expire_at: null, created_at: '2024-01-15T10:00:00+01:00' };
const conflict = { message: 'The phone number is already on the blacklist', error: 'blacklist_conflict', developer_description: null, errors: null };

describe('blacklist.add', () => {
	it('POSTs the cleaned number and expire_at as a day', async () => {
		const service = mockService().on('POST', '/blacklist/phone_numbers', () => [201, { ...entry, expire_at: '2030-01-31' }]);
		const output = await runNode({
			parameters: { resource: 'blacklist', operation: 'add', phoneNumber: '+48 500 000 001', options: { expireAt: '2030-01-31T00:00:00' } },
		});
		expect(service.calls[0].body).toEqual({ phone_number: '48500000001', expire_at: '2030-01-31' });
		expect(output[0].json).toEqual({ ...entry, expire_at: '2030-01-31' });
	});

	it('already blacklisted is an error unless Ignore If Already Blacklisted gives the existing entry', async () => {
		const service = mockService()
			.on('POST', '/blacklist/phone_numbers', () => [409, conflict])
			.on('GET', '/blacklist/phone_numbers', () => [200, { size: 1, collection: [entry] }]);
		const error = await failure(runNode({ parameters: { resource: 'blacklist', operation: 'add', phoneNumber: '48500000001' } }));
		expect(error.message).toBe('48500000001 is already on the blacklist');
		expect(error.description).toMatch(/id b1\)\. To take a number that is listed already as done, turn on Options → Ignore If Already Blacklisted/);
		service.calls.length = 0;
		const output = await runNode({
			parameters: { resource: 'blacklist', operation: 'add', phoneNumber: '48500000001', options: { ignoreExisting: true } },
		});
		expect(output[0].json).toEqual({ ...entry, already_blacklisted: true });
		// Looked up first: nothing posted.
		expect(service.calls.map((call) => call.method)).toEqual(['GET']);
	});
	describe('a number already listed, whatever the service answers (issue 29, finding 10)', () => {
		/** The published API's only refusal of a blacklist POST: 400 (BadRequestError), here with a field error saying the number exists. */
		const exists400 = {
			message: 'One or more of the given values is invalid.',
			error: 'invalid_request_data',
			developer_description: null,
			errors: [{ message: 'Phone number already exists on the blacklist', error: 'already_exists', path: 'phone_number', value: '48500000001' }],
		};

		it('the documented 400: a clear "already on the blacklist" error; with Ignore If Already Blacklisted the entry, nothing posted', async () => {
			const service = mockService()
				.on('POST', '/blacklist/phone_numbers', () => [400, exists400])
				.on('GET', '/blacklist/phone_numbers', () => [200, { size: 1, collection: [entry] }]);
			const error = await failure(runNode({ parameters: { resource: 'blacklist', operation: 'add', phoneNumber: '48500000001' } }));
			expect(error.message).toBe('48500000001 is already on the blacklist');
			expect(service.calls.map((call) => call.method)).toEqual(['POST', 'GET']);
			service.calls.length = 0;
			const output = await runNode({
				parameters: { resource: 'blacklist', operation: 'add', phoneNumber: '48500000001', options: { ignoreExisting: true } },
			});
			expect(output[0].json).toEqual({ ...entry, already_blacklisted: true });
			expect(service.calls.map((call) => call.method)).toEqual(['GET']);
		});

		it('the lookup reads every page of the search and matches the number exactly (q finds 485000000010 too)', async () => {
			const similar = Array.from({ length: 120 }, (_, i) => ({ ...entry, id: `s${i}`, phone_number: `48500000001${String(i).padStart(3, '0')}` }));
			const all = [...similar, entry];
			const service = mockService()
				.on('POST', '/blacklist/phone_numbers', () => [409, conflict])
				.on('GET', '/blacklist/phone_numbers', (request) => {
					const offset = Number(request.query.offset);
					const limit = Number(request.query.limit);
					return [200, { size: all.length, collection: all.slice(offset, offset + limit) }];
				});
			const output = await runNode({
				parameters: { resource: 'blacklist', operation: 'add', phoneNumber: '48500000001', options: { ignoreExisting: true } },
			});
			expect(output[0].json).toEqual({ ...entry, already_blacklisted: true });
			expect(service.calls.map((call) => [call.method, call.query.q, call.query.offset])).toEqual([
				['GET', '48500000001', '0'],
				['GET', '48500000001', '100'],
			]);
		});

		it('a 400 for a number that is not listed stays the service’s own error', async () => {
			mockService()
				.on('POST', '/blacklist/phone_numbers', () => [400, { message: 'Invalid phone number', error: 'invalid_phone_number', developer_description: null, errors: null }])
				.on('GET', '/blacklist/phone_numbers', () => [200, { size: 0, collection: [] }]);
			const error = await failure(
				runNode({ parameters: { resource: 'blacklist', operation: 'add', phoneNumber: '48500000001', options: { ignoreExisting: true } } }),
			);
			expect(error.message).not.toMatch(/already on the blacklist/);
			expect(JSON.stringify(error.context)).toMatch(/invalid_phone_number/);
		});
	});

	it('refuses a bad number and a bad expiry before sending', async () => {
		const service = mockService().on('POST', '/blacklist/phone_numbers', () => [201, entry]);
		expect((await failure(runNode({ parameters: { resource: 'blacklist', operation: 'add', phoneNumber: '12' } }))).message).toMatch(
			/Not a valid phone number/,
		);
		expect(
			(
				await failure(
					runNode({ parameters: { resource: 'blacklist', operation: 'add', phoneNumber: '48500000001', options: { expireAt: 'soon' } } }),
				)
			).message,
		).toBe('Expire At is not a date: "soon"');
		expect(service.calls).toHaveLength(0);
	});
});
