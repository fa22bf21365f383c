/**
 * The error a service's refusal becomes (transport/errors/serviceError.ts): a NodeApiError that
 * says what the code means and what to do, with the service's code, the rejected numbers, the
 * REST field errors and the right HTTP status, and no secret the service echoed, in its message or
 * its context.
 */
import { NodeApiError } from 'n8n-workflow';

import { createServiceError, getSmsapiErrorCode } from '../../../nodes/Smsapi/transport/errors/serviceError';
import { node } from './support/node';

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

	it('cleans the error context too (invalid_numbers echoing a secret)', () => {
		const error = createServiceError(
			node,
			{ code: 13, httpStatus: 200, invalidNumbers: [{ number: '1', message: 'see https://u:Secr3tValue@x.test/?access_token=Secr3tValue' }] },
			['Secr3tValue'],
		);
		expect(JSON.stringify(error.context)).not.toContain('Secr3tValue');
		expect((error.context.invalidNumbers as Array<{ number: string }>)[0].number).toBe('1');
	});
});
