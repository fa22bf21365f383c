/**
 * The HTTP status n8n shows for a service's error code (transport/errors/errorClassification.ts):
 * a legacy code or a REST tag gets the status of what it means.
 */
import { httpCodeForServiceCode } from '../../../nodes/Smsapi/transport/errors/errorClassification';

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
