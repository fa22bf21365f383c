/**
 * The error inside an answer (transport/errors/answerErrors.ts): a legacy 200 with an error code
 * and its rejected numbers, a REST error with its tag and field errors, a status without a body,
 * text errors (`ERROR:<n>`); a number lookup's per-number error and success data are not errors.
 */
import { findServiceError, parseErrorText } from '../../../nodes/Smsapi/transport/errors/answerErrors';

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
