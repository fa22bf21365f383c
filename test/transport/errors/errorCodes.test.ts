/**
 * The service's error codes in plain words (transport/errors/errorCodes.ts): every code of the
 * published list, the REST tags, numeric strings, and no pretended meaning for an unknown code.
 */
import { describeSmsapiError, SMSAPI_ERROR_CODES } from '../../../nodes/Smsapi/transport/errors/errorCodes';

describe('the error code table', () => {
	// Every single code of docs/service-behaviour.md, "Error codes".
	const listed = [
		7, 8, 11, 12, 13, 14, 17, 18, 19, 20, 25, 27, 28, 30, 40, 41, 50, 52, 53, 54, 56, 57, 59, 60, 61, 62, 70, 74, 76, 93, 94,
		101, 102, 103, 104, 105, 110, 112, 200, 201, 202, 203, 301, 401, 409, 999, 1000, 1001,
	];

	it.each(listed)('knows code %i in plain words', (code) => {
		const meaning = describeSmsapiError(code);
		expect(meaning?.meaning).toMatch(/\w{3,}/);
		expect(SMSAPI_ERROR_CODES[code]).toBe(meaning);
	});

	it.each([
		[1010, /sub-user/],
		[1100, /sub-user/],
		[1193, /sub-user/],
		[2001, /sender-name/],
		[2115, /sender-name/],
		[4000, /contacts/],
		[4280, /contacts/],
	])('gives the range text for %i', (code, text) => {
		expect(describeSmsapiError(code)?.meaning).toMatch(text);
	});

	it.each([1002, 1009, 1194, 2000, 2116, 3999, 4281, 55, 12345])('does not pretend to know %i', (code) => {
		expect(describeSmsapiError(code)).toBeUndefined();
	});

	it('knows the REST tags and accepts numeric strings', () => {
		expect(describeSmsapiError('authorization_failed')?.meaning).toBe('authorization failed');
		expect(describeSmsapiError('contact_conflict')?.meaning).toMatch(/already exists/);
		expect(describeSmsapiError('103')).toBe(SMSAPI_ERROR_CODES[103]);
		expect(describeSmsapiError('no_such_tag')).toBeUndefined();
	});
});
