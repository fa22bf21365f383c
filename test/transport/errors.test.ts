import { NodeApiError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { httpCodeForServiceCode } from '../../nodes/Smsapi/transport/errors/errorClassification';
import { describeSmsapiError, SMSAPI_ERROR_CODES } from '../../nodes/Smsapi/transport/errors/errorCodes';
import { createUncertainOutcomeError, createUnreachableError } from '../../nodes/Smsapi/transport/errors/failureErrors';
import { displayUrl, redactSecrets, secretsOf } from '../../nodes/Smsapi/transport/errors/redact';
import { createServiceError, getSmsapiErrorCode } from '../../nodes/Smsapi/transport/errors/serviceError';

const node: INode = {
	id: 'n1',
	name: 'SMSAPI',
	type: 'n8n-nodes-smsapi-plus.smsapi',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

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

describe('createServiceError', () => {
	it('maps a legacy 200 error 103 to a NodeApiError that says what to do', () => {
		const error = createServiceError(node, {
			code: 103,
			serviceMessage: 'Not enough points',
			httpStatus: 200,
			method: 'POST',
			endpoint: 'sms.do',
			address: 'primary',
			baseUrl: 'https://api.smsapi.com',
			attempts: 1,
			itemIndex: 2,
		});
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe(
			"SMSAPI error 103: not enough credits; nothing was sent. Top up the account's credits (points) in the SMSAPI portal, then run again.",
		);
		expect(error.description).toContain('The service\'s message: "Not enough points".');
		expect(error.description).toContain('Request: POST sms.do, on the primary address (https://api.smsapi.com), HTTP 200, 1 attempt.');
		expect(error.httpCode).toBe('402');
		expect(error.context).toMatchObject({ smsapiCode: 103, serviceMessage: 'Not enough points', httpStatus: 200, itemIndex: 2 });
		expect(getSmsapiErrorCode(error)).toBe(103);
	});

	it('101 points at the token and the platform region; 105 at the IP whitelist', () => {
		const e101 = createServiceError(node, { code: 101, serviceMessage: 'Authorization failed', httpStatus: 200 });
		expect(e101.message).toMatch(/token/);
		expect(e101.message).toMatch(/platform/);
		expect(e101.message).toMatch(/region/);
		expect(e101.httpCode).toBe('401');
		expect(e101.failure).toEqual({ cause: 'credential-invalid' });
		const e105 = createServiceError(node, { code: 105, httpStatus: 200 });
		expect(e105.message).toMatch(/IP whitelist/);
		expect(e105.httpCode).toBe('403');
	});

	it('13 lists the rejected numbers in the description and the context', () => {
		const invalidNumbers = [
			{ number: '48500', submitted_number: '500', message: 'Invalid phone number' },
			{ number: '48221234567', submitted_number: '48221234567', message: 'Landline', error_code: 13 },
		];
		const error = createServiceError(node, {
			code: 13,
			serviceMessage: 'No correct phone numbers',
			httpStatus: 200,
			invalidNumbers,
		});
		expect(error.message).toMatch(/^SMSAPI error 13: no correct phone numbers/);
		expect(error.description).toContain(
			'Rejected numbers: 48500 (as submitted: 500): Invalid phone number; 48221234567: Landline [13].',
		);
		expect(error.context.invalidNumbers).toEqual(invalidNumbers);
		expect(error.httpCode).toBe('400');
	});

	it('says honestly when a code is unknown', () => {
		const error = createServiceError(node, { code: 777, serviceMessage: 'Strange thing', httpStatus: 200 });
		expect(error.message).toBe("The service answered error 777, which this node does not know; its message: Strange thing");
		const silent = createServiceError(node, { code: 778, httpStatus: 200 });
		expect(silent.message).toBe("The service answered error 778, which this node does not know; its message: (none)");
	});

	it('maps REST 401 authorization_failed with the real HTTP status', () => {
		const error = createServiceError(node, {
			code: 'authorization_failed',
			serviceMessage: 'Authorization failed',
			httpStatus: 401,
			developerDescription: 'Token is invalid',
		});
		expect(error.message).toMatch(/^SMSAPI error authorization_failed: authorization failed\. Check the token/);
		expect(error.httpCode).toBe('401');
		expect(error.description).toContain('Developer description: Token is invalid.');
	});

	it('maps REST 409 contact_conflict with field errors', () => {
		const error = createServiceError(node, {
			code: 'contact_conflict',
			serviceMessage: 'Contact already exists',
			httpStatus: 409,
			fieldErrors: [{ message: 'Phone number already used', error: 'conflict', path: 'phone_number', value: '48500000000' }],
		});
		expect(error.message).toMatch(/^SMSAPI error contact_conflict: a contact with this phone number/);
		expect(error.description).toContain('Field errors: phone_number: Phone number already used.');
		expect(error.httpCode).toBe('409');
		expect(getSmsapiErrorCode(error)).toBe('contact_conflict');
	});

	it('gives a bare REST status the meaning of the status (HTTP 401 is not legacy error 401)', () => {
		const e415 = createServiceError(node, { code: 415, serviceMessage: 'Unsupported Media Type', httpStatus: 415 });
		expect(e415.message).toMatch(/^SMSAPI error 415: the service did not accept the format of the request body/);
		expect(e415.failure).toEqual({ cause: 'node-defect' });
		const e401 = createServiceError(node, { code: 401, httpStatus: 401 });
		expect(e401.message).toMatch(/authorization failed/);
		const unknownTag = createServiceError(node, { code: 'weird_tag', serviceMessage: 'Nope', httpStatus: 404 });
		expect(unknownTag.message).toMatch(/^SMSAPI error weird_tag: no such resource/);
		const unknownStatus = createServiceError(node, { code: 418, serviceMessage: 'teapot', httpStatus: 418 });
		expect(unknownStatus.message).toBe('The service answered HTTP 418, which this node does not know; its message: teapot');
		expect(unknownStatus.httpCode).toBe('418');
	});

	it('legacy error 401 (token scope) is a 403 for n8n', () => {
		const error = createServiceError(node, { code: 401, httpStatus: 200 });
		expect(error.message).toMatch(/lacks the permission/);
		expect(error.httpCode).toBe('403');
	});

	it('redacts secrets that a service message echoes', () => {
		const error = createServiceError(
			node,
			{ code: 101, serviceMessage: 'Bad token tok_ABCDEF123456 in access_token=tok_ABCDEF123456', httpStatus: 200 },
			['tok_ABCDEF123456'],
		);
		const everything = JSON.stringify(error) + error.message + error.description + JSON.stringify(error.messages);
		expect(everything).not.toContain('tok_ABCDEF123456');
		expect(error.description).toContain('[redacted]');
	});
});

describe('httpCodeForServiceCode', () => {
	it.each([
		[101, '401'],
		[102, '401'],
		[103, '402'],
		[105, '403'],
		[202, '429'],
		[203, '429'],
		[999, '503'],
		[301, '404'],
		[53, '409'],
		[13, '400'],
		['contact_conflict', '409'],
	])('%s → %s', (code, httpCode) => {
		expect(httpCodeForServiceCode(code)).toBe(httpCode);
	});
});

describe('failure errors', () => {
	it('the uncertain-outcome error says it was not repeated and how to make repeats safe', () => {
		const error = createUncertainOutcomeError(node, {
			what: 'answered HTTP 500',
			httpStatus: 500,
			method: 'POST',
			endpoint: 'sms.do',
			address: 'primary',
			attempts: 1,
			backupSkipped: true,
		});
		expect(error.message).toBe(
			'SMSAPI may or may not have accepted the request to sms.do; it was not repeated, to avoid a double send',
		);
		expect(error.description).toContain('NOT repeated on the backup address');
		expect(error.description).toContain('delivery reports');
		expect(error.description).toContain('idx');
		expect(error.description).toContain('check_idx=1');
		expect(error.httpCode).toBe('500');
		expect(error.context).toMatchObject({ outcome: 'unknown', repeated: false });
	});

	it('keeps its own wording even when it mentions a network code', () => {
		const error = createUnreachableError(node, {
			what: 'closed the connection (ECONNRESET)',
			networkCode: 'ECONNRESET',
			endpoint: 'profile',
			attempts: 4,
			safeToRepeat: true,
		});
		expect(error.message).toBe('SMSAPI could not be reached for profile: the primary address closed the connection (ECONNRESET)');
		expect(error.description).toContain('Gave up after 4 attempts');
	});
});

describe('redactSecrets', () => {
	it('removes tokens, passwords, md5 hashes and user-info from text and URLs', () => {
		const text = [
			'https://user:pw@api.smsapi.com/sms.do?username=acme&password=5f4dcc3b5aa765d61d8327deb882cf99&to=1',
			'access_token=abc.def-123',
			'Authorization: Bearer abcdef0123456789',
			'{"password":"hunter22","token":"xyz98765"}',
		].join(' ');
		const result = redactSecrets(text);
		for (const secret of ['user:pw', 'acme', '5f4dcc3b5aa765d61d8327deb882cf99', 'abc.def-123', 'abcdef0123456789', 'hunter22', 'xyz98765']) {
			expect(result).not.toContain(secret);
		}
		expect(result).toContain('to=1');
	});

	it('removes the exact secrets of a credential, also URL-encoded', () => {
		const secrets = secretsOf({ token: 'my token/1', password: 'Plain-Pa55' });
		expect(secrets).toHaveLength(3);
		const result = redactSecrets('a my token/1 b my%20token%2F1 c Plain-Pa55', secrets);
		expect(result).toBe('a [redacted] b [redacted] c [redacted]');
	});

	it('takes a 32-hex password as the md5 itself, as the credential does', () => {
		expect(secretsOf({ password: '5F4DCC3B5AA765D61D8327DEB882CF99' })).toEqual([
			'5F4DCC3B5AA765D61D8327DEB882CF99',
			'5f4dcc3b5aa765d61d8327deb882cf99',
		]);
	});

	it('cleans the error context too (invalid_numbers echoing a secret)', () => {
		const error = createServiceError(
			node,
			{ code: 13, httpStatus: 200, invalidNumbers: [{ number: '1', message: 'see https://u:Secr3tValue@x.test/?access_token=Secr3tValue' }] },
			['Secr3tValue'],
		);
		expect(JSON.stringify(error.context)).not.toContain('Secr3tValue');
		expect((error.context.invalidNumbers as Array<{ number: string }>)[0].number).toBe('1');
	});

	it('removes a bare md5 digest even when the secret list is unknown', () => {
		expect(redactSecrets('hash 5F4DCC3B5AA765D61D8327DEB882CF99 and 5f4dcc3b5aa765d61d8327deb882cf99.')).toBe(
			'hash [redacted] and [redacted].',
		);
	});

	it('leaves ordinary message ids and words alone', () => {
		expect(redactSecrets('id 7074294081650020450, contact 5b83ba81a788494a04a2d9b4, check the token')).toBe(
			'id 7074294081650020450, contact 5b83ba81a788494a04a2d9b4, check the token',
		);
	});

	it("removes the trigger's URL secret (notify_url and callback addresses carry it)", () => {
		const result = redactSecrets(
			'notify_url=https://n8n.example.com/webhook/abc/dlr?secret=s3cr3t-Value&x=1 and {"secret":"0ther-Secret"}',
		);
		expect(result).not.toContain('s3cr3t-Value');
		expect(result).not.toContain('0ther-Secret');
		expect(result).toContain('&x=1');
	});

	it('a credential with a lone surrogate (half an emoji) is redacted, never a URIError', () => {
		const secrets = secretsOf({ token: 'tok\ud83dEN', password: 'pa\udc00ss' });
		expect(() => redactSecrets('x tok\ud83dEN y pa\udc00ss', secrets)).not.toThrow();
		expect(redactSecrets('x tok\ud83dEN y pa\udc00ss z', secrets)).toBe('x [redacted] y [redacted] z');
	});

	it('displayUrl drops user-info and query', () => {
		expect(displayUrl('https://u:p@proxy.example.com/base?access_token=x')).toBe('https://proxy.example.com/base');
	});
});
