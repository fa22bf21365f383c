/**
 * Number Lookup (HLR) against a mocked service (nock): numbers in requests of 20 to hlr.do, idx with
 * every request, chunks in parallel (at most 4 in flight), each number's answer paired with its input
 * item, bad numbers as their own errors (regular or error output), Max Recipients per Item (issue 29,
 * finding 8), the legacy login in the body. Its workflows in n8n's engine: lookup.engine.test.ts.
 */
import nock from 'nock';
import type { IDataObject, IPairedItemData } from 'n8n-workflow';
import { legacyCredentials, PRIMARY, TOKEN } from '../../support/n8n-context';
import { inFlightGate } from '../support/in-flight';
import { type WireRequest, failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

/** Distinct good numbers (ending in 0; the mocked service rejects numbers ending in 9). */
const numbers = (count: number, from = 0) => Array.from({ length: count }, (_, i) => String(48500000000 + (from + i) * 10));

/** The service's answers: one object for one number, a bare array for several; numbers ending in 9 are bad. */
function hlrAnswer(request: WireRequest): [number, unknown] {
	const entries = request.body.number.split(',').map((number, i) =>
		number.endsWith('9')
			? { error: 13, number, status: 'ERROR' }
			: { status: 'OK', number, id: `id${number}`, price: i % 2 ? '0.0100' : 0.01 },
	);
	return [200, entries.length === 1 ? entries[0] : entries];
}

const lookup = (extra: IDataObject = {}) => ({ resource: 'hlr', operation: 'lookup', ...extra });

describe('hlr.lookup', () => {
	it('45 numbers → 3 POST hlr.do requests of 20, 20 and 5, one output item per number', async () => {
		const service = mockService().on('POST', '/hlr.do', hlrAnswer);
		const list = numbers(45);
		const output = await runNode({ parameters: lookup({ numbers: list.join(', ') }) });

		expect(service.calls.map((call) => call.body.number.split(',').length)).toEqual([20, 20, 5]);
		expect(service.calls.map((call) => call.body.number).join(',')).toBe(list.join(','));
		for (const call of service.calls) {
			expect(call.method).toBe('POST');
			expect(call.path).toBe('/hlr.do');
			expect(call.query).toEqual({});
			expect(Object.keys(call.body)).toEqual(['format', 'number']);
			expect(call.body.format).toBe('json');
			expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
			expect(call.headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
		}
		expect(output).toHaveLength(45);
		expect(output[0]).toEqual({
			json: { status: 'OK', number: list[0], id: `id${list[0]}`, price: 0.01 },
			pairedItem: { item: 0 },
		});
		expect(output.every((item) => typeof item.json.price === 'number')).toBe(true);
		expect(output.map((item) => item.json.number)).toEqual(list);
	});

	it('takes an array of numbers, cleans them and sends idx with every request', async () => {
		const service = mockService().on('POST', '/hlr.do', hlrAnswer);
		const output = await runNode({
			parameters: lookup({ numbers: ['+48 500 000 001', '0048500000002'], options: { idx: 'Batch7' } }),
		});
		expect(service.calls).toHaveLength(1);
		expect(service.calls[0].body).toEqual({ format: 'json', number: '48500000001,48500000002', idx: 'Batch7' });
		expect(output.map((item) => item.json.number)).toEqual(['48500000001', '48500000002']);
	});

	it('one number: the single-object answer becomes one item', async () => {
		mockService().on('POST', '/hlr.do', () => [200, { status: 'OK', number: '48100200300', id: '1a2', price: 0.1 }]);
		const output = await runNode({ parameters: lookup({ numbers: '48100200300' }) });
		expect(output).toEqual([{ json: { status: 'OK', number: '48100200300', id: '1a2', price: 0.1 }, pairedItem: { item: 0 } }]);
	});

	it('pairs every number with the input item it came from; items share requests', async () => {
		const service = mockService().on('POST', '/hlr.do', hlrAnswer);
		const output = await runNode({
			parameters: [lookup({ numbers: numbers(15).join(',') }), lookup({ numbers: numbers(10, 20).join(',') })],
		});
		expect(service.calls.map((call) => call.body.number.split(',').length)).toEqual([20, 5]);
		expect(output.filter((item) => (item.pairedItem as IPairedItemData).item === 0)).toHaveLength(15);
		expect(output.filter((item) => (item.pairedItem as IPairedItemData).item === 1).map((item) => item.json.number)).toEqual(
			numbers(10, 20),
		);
	});

	it('items with different idx values never share a request', async () => {
		const service = mockService().on('POST', '/hlr.do', hlrAnswer);
		await runNode({
			parameters: [
				lookup({ numbers: '48500000001', options: { idx: 'a1' } }),
				lookup({ numbers: '48500000002', options: { idx: 'b2' } }),
			],
		});
		expect(service.calls.map((call) => call.body)).toEqual([
			{ format: 'json', number: '48500000001', idx: 'a1' },
			{ format: 'json', number: '48500000002', idx: 'b2' },
		]);
	});

	it('a bad idx fails before anything is sent', async () => {
		const service = mockService().on('POST', '/hlr.do', hlrAnswer);
		await expect(runNode({ parameters: lookup({ numbers: '48500000001', options: { idx: 'order-1' } }) })).rejects.toThrow(
			'Idx contains "-"; the service takes only letters a–z and digits (case-insensitive).',
		);
		await expect(
			runNode({ parameters: lookup({ numbers: '48500000001', options: { idx: 'a'.repeat(256) } }) }),
		).rejects.toThrow('Idx is 256 characters long; the service takes at most 255.');
		expect(service.calls).toHaveLength(0);
	});

	it('with Continue On Fail a bad number gets its own error item, the others their results', async () => {
		mockService().on('POST', '/hlr.do', hlrAnswer);
		const output = await runNode({
			parameters: lookup({ numbers: '48500000001, 48500000009, 48500000002' }),
			continueOnFail: true,
		});
		expect(output).toHaveLength(3);
		expect(output[1]).toEqual({
			json: {
				number: '48500000009',
				status: 'ERROR',
				error: 'Number lookup failed for 48500000009: not a valid phone number (error 13)',
				errorCode: 13,
			},
			pairedItem: { item: 0 },
		});
		expect(output[2].json).toMatchObject({ status: 'OK', number: '48500000002' });
	});

	it('with Continue (using error output) failed numbers and items are bare {error} items, which n8n routes to the error output', async () => {
		mockService().on('POST', '/hlr.do', hlrAnswer);
		const output = await runNode({
			parameters: [lookup({ numbers: '48500000001, 48500000009' }), lookup({ numbers: 'abc' })],
			onError: 'continueErrorOutput',
		});
		expect(output).toEqual([
			{ json: expect.objectContaining({ status: 'OK', number: '48500000001' }), pairedItem: { item: 0 } },
			{ json: { error: 'Number lookup failed for 48500000009: not a valid phone number (error 13)' }, pairedItem: { item: 0 } },
			{ json: { error: expect.stringMatching(/^Not a valid phone number: "abc"/) }, pairedItem: { item: 1 } },
		]);
	});

	it('a single bad number (object answer, not an array) is a per-number error too', async () => {
		mockService().on('POST', '/hlr.do', () => [200, { error: 13, number: '48500', status: 'ERROR' }]);
		const output = await runNode({ parameters: lookup({ numbers: '48500000009' }), continueOnFail: true });
		expect(output).toEqual([
			{
				json: {
					number: '48500',
					status: 'ERROR',
					error: 'Number lookup failed for 48500: not a valid phone number (error 13)',
					errorCode: 13,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('without Continue On Fail, bad numbers fail the node naming each of them', async () => {
		const service = mockService().on('POST', '/hlr.do', hlrAnswer);
		const run = runNode({ parameters: lookup({ numbers: '48500000009, 48500000001, 48500000019' }) });
		await expect(run).rejects.toThrow(
			'Number lookup failed for 48500000009 (not a valid phone number (error 13)), 48500000019 (not a valid phone number (error 13))',
		);
		await expect(run).rejects.toMatchObject({ description: expect.stringContaining('48500000001') });
		expect(service.calls).toHaveLength(1);
	});

	it('the text answer (ERROR:<NUMBER>:<ERR>) is read per number as well', async () => {
		mockService().on('POST', '/hlr.do', () => [200, 'OK:48500000001:abc:0.01;ERROR:48500000009:13;']);
		const output = await runNode({ parameters: lookup({ numbers: '48500000001,48500000009' }), continueOnFail: true });
		expect(output.map((item) => item.json)).toEqual([
			{ status: 'OK', number: '48500000001', id: 'abc', price: 0.01 },
			{
				number: '48500000009',
				status: 'ERROR',
				error: 'Number lookup failed for 48500000009: not a valid phone number (error 13)',
				errorCode: 13,
			},
		]);
	});

	it('a request-level error (103) with Continue On Fail marks every number of that request', async () => {
		mockService().on('POST', '/hlr.do', () => [200, { error: 103, message: 'Not enough credits' }]);
		const output = await runNode({ parameters: lookup({ numbers: '48500000001,48500000002' }), continueOnFail: true });
		expect(output).toHaveLength(2);
		expect(output[0].json).toMatchObject({ number: '48500000001', status: 'ERROR' });
		expect(String(output[0].json.error)).toContain('not enough credits');
	});

	it('an invalid number in the input fails its item before anything is charged', async () => {
		const service = mockService().on('POST', '/hlr.do', hlrAnswer);
		const output = await runNode({
			parameters: [lookup({ numbers: 'abc' }), lookup({ numbers: '48500000001' })],
			continueOnFail: true,
		});
		expect(service.calls.map((call) => call.body.number)).toEqual(['48500000001']);
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(String(output[0].json.error)).toMatch(/^Not a valid phone number: "abc"/);
		expect(output[1]).toMatchObject({ json: { status: 'OK', number: '48500000001' }, pairedItem: { item: 1 } });
	});

	it('sends the legacy login in the POST body (not the query) when the credential uses username and password', async () => {
		const service = mockService().on('POST', '/hlr.do', hlrAnswer);
		await runNode({ parameters: lookup({ numbers: '48500000001' }), credentials: legacyCredentials() });
		expect(service.calls[0].query).toEqual({});
		expect(service.calls[0].body).toMatchObject({ username: 'acme', password: expect.stringMatching(/^[0-9a-f]{32}$/) });
		expect(service.calls[0].headers.authorization).toBeUndefined();
	});
});

describe('hlr.lookup: Max Recipients per Item (issue 29, finding 8)', () => {
	it('101 numbers in one item: refused before anything is looked up (node version 1.1: default limit 100, as for sends)', async () => {
		const service = mockService().on('POST', '/hlr.do', hlrAnswer);
		const error = await failure(runNode({ parameters: lookup({ numbers: numbers(101).join(',') }), typeVersion: 1.1 }));
		expect(error.message).toBe('Numbers lists 101 numbers, more than the 100 allowed per item');
		expect(error.description).toMatch(/^Nothing was looked up for this item\. .*Max Recipients per Item \(0 turns the check off\)/);
		expect(service.calls).toHaveLength(0);
	});

	it('nodes saved at version 1 keep looking up any count until the option is added (as they did when saved)', async () => {
		const service = mockService().on('POST', '/hlr.do', hlrAnswer);
		expect(await runNode({ parameters: lookup({ numbers: numbers(101).join(',') }), typeVersion: 1 })).toHaveLength(101);
		expect(service.calls).toHaveLength(6);
		const error = await failure(runNode({ parameters: lookup({ numbers: numbers(101).join(','), options: { maxRecipientsPerItem: 100 } }), typeVersion: 1 }));
		expect(error.message).toBe('Numbers lists 101 numbers, more than the 100 allowed per item');
	});

	it('the limit is an option and 0 turns it off; with Continue On Fail only the item over it fails, the others are looked up', async () => {
		const service = mockService().on('POST', '/hlr.do', hlrAnswer);
		const output = await runNode({
			parameters: [
				lookup({ numbers: numbers(3).join(','), options: { maxRecipientsPerItem: 2 } }),
				lookup({ numbers: numbers(150, 10).join(','), options: { maxRecipientsPerItem: 0 } }),
			],
			continueOnFail: true,
		});
		expect(output[0]).toMatchObject({ json: { error: 'Numbers lists 3 numbers, more than the 2 allowed per item' }, pairedItem: { item: 0 } });
		expect(output).toHaveLength(151);
		expect(service.calls.map((call) => call.body.number.split(',').length)).toEqual([20, 20, 20, 20, 20, 20, 20, 10]);
		expect(service.calls.every((call) => call.body.maxRecipientsPerItem === undefined)).toBe(true);
	});
});

describe('hlr.lookup: chunks of 20 in parallel', () => {
	it('100 numbers: 5 requests, at most 4 in flight, answers back to their numbers in input order', async () => {
		const inFlight = inFlightGate({ target: 4, total: 5 });
		const received: string[] = [];
		nock(PRIMARY)
			.persist()
			.post('/hlr.do')
			.query(true)
			.reply(function (_uri, body, callback) {
				const numbers = String(new URLSearchParams(String(body)).get('number')).split(',');
				received.push(numbers[0]);
				// The first chunk answers last.
				inFlight.hold(() => {
					callback(null, [200, JSON.stringify(numbers.map((number) => ({ status: 'OK', number, id: `id${number}`, price: 0.01 })))]);
				}, 60 - received.length * 10);
			});
		const list = Array.from({ length: 100 }, (_, i) => String(48500300000 + i));
		const output = await runNode({ parameters: { resource: 'hlr', operation: 'lookup', numbers: list.join(','), options: {} } });
		expect(received).toHaveLength(5);
		expect(inFlight.peak).toBe(4);
		expect(output.map((item) => item.json.number)).toEqual(list);
		expect(output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});
});
