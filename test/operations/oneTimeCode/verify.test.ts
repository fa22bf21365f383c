/**
 * One-Time Code → Verify against a mocked service (nock): the form with phone_number and code, 204 as
 * valid: true, a wrong (404) or expired (408) code as valid: false with the reason, never an error,
 * other failures errors, an empty code refused before asking. Its workflows in n8n's engine:
 * verify.engine.test.ts.
 */
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const verify = (phoneNumber: string, code: string) => ({ resource: 'oneTimeCode', operation: 'verify', phoneNumber, code });
const notFound = { message: 'MFA code for given mobile number not found', error: 'not_found', developer_description: null, errors: null };

describe('oneTimeCode.verify', () => {
	it('204 is valid: true; the form carries phone_number and code', async () => {
		const service = mockService().on('POST', '/mfa/codes/verifications', () => [204, '']);
		const output = await runNode({ parameters: verify('48500000001', ' 123456 ') });
		expect(service.calls[0].body).toEqual({ phone_number: '48500000001', code: '123456' });
		expect(service.calls[0].headers['content-type']).toMatch(/x-www-form-urlencoded/);
		expect(output).toEqual([{ json: { phone_number: '48500000001', valid: true }, pairedItem: { item: 0 } }]);
	});

	it('a wrong code (404) and an expired one (408) are valid: false with the reason, never an error', async () => {
		let status = 404;
		mockService().on('POST', '/mfa/codes/verifications', () => [status, notFound]);
		expect((await runNode({ parameters: verify('48500000001', '000000') }))[0].json).toEqual({
			phone_number: '48500000001',
			valid: false,
			reason: 'wrong',
		});
		status = 408;
		expect((await runNode({ parameters: verify('48500000001', '000000') }))[0].json).toEqual({
			phone_number: '48500000001',
			valid: false,
			reason: 'expired',
		});
	});

	it("a 404 or 408 without the service's JSON error (a proxy, a wrong address) stays an error, not valid: false", async () => {
		let status = 404;
		mockService().on('POST', '/mfa/codes/verifications', () => [status, '<html>Not Found</html>']);
		expect((await failure(runNode({ parameters: verify('48500000001', '123456') }))).message).toMatch(/404/);
		status = 408;
		expect((await failure(runNode({ parameters: verify('48500000001', '123456') }))).message).toMatch(/408/);
	});

	it('other failures stay errors (authorization), and an empty code is refused before asking', async () => {
		const service = mockService().on('POST', '/mfa/codes/verifications', () => [
			401,
			{ message: 'Authorization failed', error: 'authorization_failed', developer_description: null, errors: null },
		]);
		const error = await failure(runNode({ parameters: verify('48500000001', '1') }));
		expect(error.message).toMatch(/authorization_failed/);
		const empty = await failure(runNode({ parameters: verify('48500000001', '  ') }));
		expect(empty.message).toBe('Enter the code to verify');
		expect(service.calls).toHaveLength(1);
	});
});
