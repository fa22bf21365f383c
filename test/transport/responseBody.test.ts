/**
 * Reading the service's answer body (transport/responseBody.ts): JSON or text by its content, not
 * by its Content-Type; points and prices made numbers in the answers that carry them, every other
 * field kept as sent; a number lookup's entries as a list.
 */
import { hlrEntries, normalizeJsonAnswer, parseResponseBody } from '../../nodes/Smsapi/transport/responseBody';

describe('parseResponseBody: by content, not by Content-Type', () => {
	it('parses a JSON object that arrived as text', () => {
		expect(parseResponseBody('{"count":1,"list":[]}')).toEqual({ type: 'json', value: { count: 1, list: [] } });
	});

	it('parses a bare JSON array with surrounding whitespace and a BOM', () => {
		expect(parseResponseBody('\uFEFF  [{"status":"OK"}]\n')).toEqual({ type: 'json', value: [{ status: 'OK' }] });
	});

	it('keeps text answers as trimmed text', () => {
		expect(parseResponseBody(' OK:123:0.165\n')).toEqual({ type: 'text', text: 'OK:123:0.165' });
	});

	it('treats a body that only looks like JSON as text', () => {
		expect(parseResponseBody('{not json')).toEqual({ type: 'text', text: '{not json' });
	});

	it('passes through an already parsed body and reports empty bodies', () => {
		expect(parseResponseBody({ points: 1 })).toEqual({ type: 'json', value: { points: 1 } });
		expect(parseResponseBody('')).toEqual({ type: 'empty' });
		expect(parseResponseBody(undefined)).toEqual({ type: 'empty' });
	});

	it('decodes a Buffer body', () => {
		expect(parseResponseBody(Buffer.from('Points: 12.5'))).toEqual({ type: 'text', text: 'Points: 12.5' });
	});
});

describe('normalizeJsonAnswer', () => {
	it('makes list[].points a number in a send result, keeping every other field as sent', () => {
		const sent = {
			count: 2,
			list: [
				{ id: '7074294081650020450', points: '0.3000', number: '48500000000', date_sent: 1598964973, submitted_number: '500000000', status: 'QUEUE', error: null, idx: null, parts: 1 },
				{ id: '7074294081650020451', points: 0.165, number: '48500000001', status: 'QUEUE' },
			],
			message: 'hi',
			length: 2,
			parts: 1,
		};
		const result = normalizeJsonAnswer('sms.do', sent) as typeof sent;
		expect(result.list[0].points).toBe(0.3);
		expect(result.list[1].points).toBe(0.165);
		expect(result.list[0].submitted_number).toBe('500000000');
		expect(result.list[0].id).toBe('7074294081650020450');
		expect(result).toMatchObject({ count: 2, message: 'hi', length: 2, parts: 1 });
		// The list's entries are the answer's own (just parsed): changed in place, not copied (a send's
		// answer lists up to 10,000 messages).
		expect(result.list).toBe(sent.list);
	});

	it('makes the balance points a number (user.do?credits=1&details=1)', () => {
		const result = normalizeJsonAnswer('user.do', {
			points: '100.0000',
			proCount: 606,
			ecoCount: 1428,
			mmsCount: 333,
			vmsGsmCount: 476,
			vmsLandCount: 714,
		});
		expect(result).toEqual({ points: 100, proCount: 606, ecoCount: 1428, mmsCount: 333, vmsGsmCount: 476, vmsLandCount: 714 });
	});

	it('makes the profile points a number and leaves other profile fields', () => {
		expect(normalizeJsonAnswer('/profile', { name: 'ACME', points: '12.50', user_type: 'native' })).toEqual({
			name: 'ACME',
			points: 12.5,
			user_type: 'native',
		});
	});

	it('normalises an hlr.do single object (price as number)', () => {
		expect(normalizeJsonAnswer('hlr.do', { status: 'OK', number: '48100200300', id: '1a2', price: '0.1000' })).toEqual({
			status: 'OK',
			number: '48100200300',
			id: '1a2',
			price: 0.1,
		});
	});

	it('normalises an hlr.do bare array with an error entry', () => {
		expect(
			normalizeJsonAnswer('hlr.do', [
				{ status: 'OK', number: '48100200300', id: '1a2', price: '0.0500' },
				{ error: 13, number: '48500', status: 'ERROR' },
			]),
		).toEqual([
			{ status: 'OK', number: '48100200300', id: '1a2', price: 0.05 },
			{ error: 13, number: '48500', status: 'ERROR' },
		]);
	});

	it('leaves REST {size, collection} lists and user.do details as sent', () => {
		const contacts = { size: 1, collection: [{ id: '5b83ba81a788494a04a2d9b4', phone_number: '48500000000', groups: [] }] };
		expect(normalizeJsonAnswer('contacts', contacts)).toEqual(contacts);
		const subuser = { username: 'acme_sub', limit: '10', month_limit: 5, senders: 0, phonebook: '1', active: true, info: 'x' };
		expect(normalizeJsonAnswer('user.do', subuser)).toEqual(subuser);
		expect(normalizeJsonAnswer('user.do', [subuser])).toEqual([subuser]);
	});
});

describe('hlrEntries', () => {
	it('gives a list for a single object and for an array', () => {
		expect(hlrEntries({ status: 'OK', number: '48100200300', id: '1a2', price: '0.1' })).toEqual([
			{ status: 'OK', number: '48100200300', id: '1a2', price: 0.1 },
		]);
		expect(hlrEntries([{ error: '13', number: '48500', status: 'ERROR' }])).toEqual([{ error: 13, number: '48500', status: 'ERROR' }]);
		expect(hlrEntries(undefined)).toEqual([]);
	});
});
