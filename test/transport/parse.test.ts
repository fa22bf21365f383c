import { findServiceError, parseErrorText } from '../../nodes/Smsapi/transport/errors/answerErrors';
import { interpretResponse } from '../../nodes/Smsapi/transport/interpretResponse';
import { hlrEntries, normalizeJsonAnswer, parseResponseBody, SmsapiParseError } from '../../nodes/Smsapi/transport/responseBody';
import { parseBalanceText, parseHlrText, parseOkText, parseSendText, parseSenderListText, parseSenderNameText, parseSenderStatusText, parseSubuserGetText, parseSubuserListText, parseSubuserText, parseTextAnswer, textShapeFor } from '../../nodes/Smsapi/transport/textAnswers';
import { numberFromService } from '../../nodes/Smsapi/helpers/values';

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

describe('numberFromService', () => {
	it('turns numeric strings into numbers and leaves the rest', () => {
		expect(numberFromService('0.3000')).toBe(0.3);
		expect(numberFromService('12')).toBe(12);
		expect(numberFromService(0.165)).toBe(0.165);
		expect(numberFromService('abc')).toBe('abc');
		expect(numberFromService('')).toBe('');
		expect(numberFromService(null)).toBeNull();
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

describe('findServiceError', () => {
	it('reads a legacy 200 error with invalid_numbers', () => {
		const body = {
			error: 13,
			message: 'No correct phone numbers',
			invalid_numbers: [{ number: '48500', submitted_number: '500', message: 'Invalid phone number' }],
		};
		expect(findServiceError({ type: 'json', value: body }, 200)).toEqual({
			code: 13,
			message: 'No correct phone numbers',
			invalidNumbers: body.invalid_numbers,
		});
	});

	it('reads the sch_del error with `messages`', () => {
		expect(findServiceError({ type: 'json', value: { error: 301, messages: 'Not exists ID message' } }, 200)).toEqual({
			code: 301,
			message: 'Not exists ID message',
		});
	});

	it('reads a numeric-string error code as a number', () => {
		expect(findServiceError({ type: 'json', value: { error: '103', message: 'Not enough points' } }, 200)?.code).toBe(103);
	});

	it('reads a REST error with tag, developer_description and field errors', () => {
		const body = {
			message: 'Contact already exists',
			error: 'contact_conflict',
			code: 409,
			developer_description: null,
			errors: [{ message: 'duplicate', error: 'conflict', path: 'phone_number', value: '48500000000' }],
		};
		expect(findServiceError({ type: 'json', value: body }, 409)).toEqual({
			code: 'contact_conflict',
			message: 'Contact already exists',
			fieldErrors: body.errors,
		});
	});

	it('names the HTTP status when a REST error body has no tag', () => {
		expect(findServiceError({ type: 'json', value: { message: 'Unsupported Media Type' } }, 415)).toEqual({
			code: 415,
			message: 'Unsupported Media Type',
		});
		expect(findServiceError({ type: 'empty' }, 503)).toEqual({ code: 503 });
		expect(findServiceError({ type: 'text', text: '<html>Bad gateway</html>' }, 502)).toEqual({
			code: 502,
			message: '<html>Bad gateway</html>',
		});
	});

	it('reads text errors with and without a space', () => {
		expect(findServiceError({ type: 'text', text: 'ERROR:13' }, 200)).toEqual({ code: 13 });
		expect(findServiceError({ type: 'text', text: 'ERROR: 102' }, 200)).toEqual({ code: 102 });
	});

	it('does not take an HLR per-number error entry or success data for an error', () => {
		expect(findServiceError({ type: 'json', value: { error: 13, number: '48500', status: 'ERROR' } }, 200)).toBeUndefined();
		expect(findServiceError({ type: 'json', value: [{ error: 13, number: '48500', status: 'ERROR' }] }, 200)).toBeUndefined();
		expect(findServiceError({ type: 'json', value: { count: 1, list: [{ id: '1', error: null }] } }, 200)).toBeUndefined();
		expect(findServiceError({ type: 'text', text: 'ERROR:48500:13;' }, 200)).toBeUndefined();
	});
});

describe('parseErrorText', () => {
	it('accepts ERROR:<n>, ERROR: <n> and a trailing text', () => {
		expect(parseErrorText('ERROR:105')).toEqual({ code: 105 });
		expect(parseErrorText('ERROR: 103')).toEqual({ code: 103 });
		expect(parseErrorText('ERROR:8 Wrong request')).toEqual({ code: 8, message: 'Wrong request' });
		expect(parseErrorText('OK:1:2')).toBeUndefined();
		expect(parseErrorText('ERROR:48500:13;')).toBeUndefined();
	});
});

describe('text parsers', () => {
	it('parseSendText: single recipient OK:<ID>:<POINTS>', () => {
		expect(parseSendText('OK:17101000090360359:0.165')).toEqual({
			count: 1,
			list: [{ id: '17101000090360359', points: 0.165 }],
		});
	});

	it('parseSendText: several recipients, the last entry also ending with ;', () => {
		expect(parseSendText('OK:17101000090360359:0.165:48500000000;OK:17101000090360360:0.3000:48500000001;')).toEqual({
			count: 2,
			list: [
				{ id: '17101000090360359', points: 0.165, number: '48500000000' },
				{ id: '17101000090360360', points: 0.3, number: '48500000001' },
			],
		});
	});

	it('parseSendText rejects anything else', () => {
		expect(() => parseSendText('ERROR:13')).toThrow(SmsapiParseError);
		expect(() => parseSendText('OK:1:abc')).toThrow(SmsapiParseError);
		expect(() => parseSendText('<html></html>')).toThrow(SmsapiParseError);
	});

	it('parseHlrText: success and error entries concatenated', () => {
		expect(parseHlrText('OK:48100200300:1a2:0.1000;ERROR:48500:13;OK:48600700800:1a3:0.05;')).toEqual([
			{ status: 'OK', number: '48100200300', id: '1a2', price: 0.1 },
			{ status: 'ERROR', number: '48500', error: 13 },
			{ status: 'OK', number: '48600700800', id: '1a3', price: 0.05 },
		]);
		expect(() => parseHlrText('OK:1')).toThrow(SmsapiParseError);
	});

	it('parseBalanceText: Points and the earlier Credits', () => {
		expect(parseBalanceText('Points: 12.5000')).toEqual({ points: 12.5 });
		expect(parseBalanceText('Credits: 7')).toEqual({ points: 7 });
		expect(() => parseBalanceText('OK')).toThrow(SmsapiParseError);
	});

	it('parseSubuserText: OK:<SUB_NAME>', () => {
		expect(parseSubuserText('OK:acme_sales')).toEqual({ username: 'acme_sales' });
		expect(() => parseSubuserText('OK')).toThrow(SmsapiParseError);
	});

	it('parseSubuserGetText: limits, flags and an info that contains colons', () => {
		expect(parseSubuserGetText('OK:100.5:50:1:0:1:Team: sales, floor 2')).toEqual({
			limit: 100.5,
			month_limit: 50,
			senders: 1,
			phonebook: 0,
			active: 1,
			info: 'Team: sales, floor 2',
		});
		expect(parseSubuserGetText('OK:10:0:0:0:0:')).toMatchObject({ limit: 10, info: '' });
		expect(() => parseSubuserGetText('OK:10:0')).toThrow(SmsapiParseError);
	});

	it('parseSubuserListText: OK: <sub1>:<sub2>, and none', () => {
		expect(parseSubuserListText('OK: acme_a:acme_b')).toEqual([{ username: 'acme_a' }, { username: 'acme_b' }]);
		expect(parseSubuserListText('OK')).toEqual([]);
		expect(parseSubuserListText('OK:')).toEqual([]);
	});

	it('parseSenderStatusText, parseSenderNameText, parseSenderListText', () => {
		expect(parseSenderStatusText('OK:ACTIVE')).toEqual({ status: 'ACTIVE' });
		expect(parseSenderStatusText('OK:INACTIVE', 'Shop')).toEqual({ sender: 'Shop', status: 'INACTIVE' });
		expect(parseSenderNameText('OK:Shop')).toEqual({ sender: 'Shop' });
		expect(parseSenderListText('OK:Shop,ACTIVE:Test,INACTIVE')).toEqual([
			{ sender: 'Shop', status: 'ACTIVE' },
			{ sender: 'Test', status: 'INACTIVE' },
		]);
		expect(() => parseSenderListText('OK:Shop')).toThrow(SmsapiParseError);
	});

	it('parseOkText: OK alone and OK:<value>', () => {
		expect(parseOkText('OK')).toEqual({ ok: true });
		expect(parseOkText('OK:1')).toEqual({ ok: true, value: '1' });
		expect(() => parseOkText('FAIL')).toThrow(SmsapiParseError);
	});
});

describe('textShapeFor', () => {
	const shape = (endpoint: string, body: Record<string, string | number> = {}, qs: Record<string, string | number> = {}) =>
		textShapeFor({ endpoint, body, qs });

	it('picks the shape from the endpoint and its selecting parameter', () => {
		expect(shape('sms.do', { to: '48500000000' })).toBe('send');
		expect(shape('sms.do', { sch_del: '1' })).toBe('ok');
		expect(shape('/hlr.do', {}, { number: '48500000000' })).toBe('hlr');
		expect(shape('user.do', {}, { credits: 1 })).toBe('balance');
		expect(shape('user.do', {}, { list: 1 })).toBe('subuserList');
		expect(shape('user.do', {}, { get_user: 'sales' })).toBe('subuserGet');
		expect(shape('user.do', { add_user: 'sales' })).toBe('subuser');
		expect(shape('user.do', { set_user: 'sales' })).toBe('subuser');
		expect(shape('sender.do', {}, { status: 'Shop' })).toBe('senderStatus');
		expect(shape('sender.do', {}, { list: 1 })).toBe('senderList');
		expect(shape('sender.do', {}, { delete: 'Shop' })).toBe('senderName');
		expect(shape('sender.do', {}, { add: 'Shop' })).toBe('ok');
		expect(shape('sender.do', {}, { default: 'Shop' })).toBe('ok');
	});

	it('honours an explicit textShape', () => {
		expect(textShapeFor({ endpoint: 'sms.do', textShape: 'balance' })).toBe('balance');
	});

	it('parseTextAnswer dispatches by shape', () => {
		expect(parseTextAnswer('OK:ACTIVE', 'senderStatus', { qs: { status: 'Shop' } })).toEqual({ sender: 'Shop', status: 'ACTIVE' });
		expect(parseTextAnswer('Points: 3', 'balance')).toEqual({ points: 3 });
	});
});

describe('interpretResponse', () => {
	it('reads a JSON answer sent with a text content type, normalising points', () => {
		expect(interpretResponse({ endpoint: 'sms.do' }, 200, '{"count":1,"list":[{"id":"1","points":"0.3000"}]}')).toEqual({
			outcome: 'success',
			data: { count: 1, list: [{ id: '1', points: 0.3 }] },
		});
	});

	it('parses a text answer by the request’s shape', () => {
		expect(interpretResponse({ endpoint: 'user.do', qs: { credits: 1 } }, 200, 'Points: 4.5')).toEqual({
			outcome: 'success',
			data: { points: 4.5 },
		});
		expect(interpretResponse({ endpoint: 'sms.do', body: { to: '1,2' } }, 200, 'OK:1:0.1:1;OK:2:0.1:2;')).toEqual({
			outcome: 'success',
			data: { count: 2, list: [{ id: '1', points: 0.1, number: '1' }, { id: '2', points: 0.1, number: '2' }] },
		});
	});

	it('reports errors, unreadable legacy answers and empty REST answers', () => {
		expect(interpretResponse({ endpoint: 'sms.do' }, 200, 'ERROR:103')).toMatchObject({ outcome: 'serviceError', error: { code: 103 } });
		expect(interpretResponse({ endpoint: 'sms.do' }, 200, '<html>proxy</html>')).toMatchObject({ outcome: 'unreadable' });
		expect(interpretResponse({ endpoint: 'sms.do' }, 200, '')).toMatchObject({ outcome: 'unreadable' });
		expect(interpretResponse({ endpoint: 'contacts/abc' }, 204, '')).toEqual({ outcome: 'success', data: {} });
	});
});
