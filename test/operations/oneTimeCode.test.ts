import { BACKUP as BACKUP_URL, tokenCredentials } from '../support/n8n-context';
import { failure, mockService, runNode, useMockedNetwork } from './support/run-node';
import nock from 'nock';

useMockedNetwork();

const send = (phoneNumber: string, options = {}) => ({ resource: 'oneTimeCode', operation: 'send', phoneNumber, options });
const verify = (phoneNumber: string, code: string) => ({ resource: 'oneTimeCode', operation: 'verify', phoneNumber, code });
const notFound = { message: 'MFA code for given mobile number not found', error: 'not_found', developer_description: null, errors: null };

describe('oneTimeCode.send', () => {
	it('POSTs /mfa/codes as JSON with the cleaned number, sender, content and fast; the code stays out of the output', async () => {
		const service = mockService().on('POST', '/mfa/codes', () => [201, { id: 'c1', code: '123456', phone_number: '48500000001', from: 'MyShop' }]);
		const output = await runNode({
			parameters: send('+48 500-000-001', { from: 'MyShop', content: 'Login code: [%code%]', fast: false }),
		});
		expect(service.calls).toHaveLength(1);
		expect(service.calls[0].headers['content-type']).toMatch(/application\/json/);
		expect(service.calls[0].body).toEqual({ phone_number: '48500000001', from: 'MyShop', content: 'Login code: [%code%]', fast: false });
		expect(output).toEqual([{ json: { id: 'c1', phone_number: '48500000001', from: 'MyShop', sent: true }, pairedItem: { item: 0 } }]);
	});

	it('Include Code in Output gives the code', async () => {
		mockService().on('POST', '/mfa/codes', () => [201, { id: 'c1', code: '123456', phone_number: '48500000001', from: null }]);
		const output = await runNode({ parameters: send('48500000001', { includeCode: true }) });
		expect(output[0].json.code).toBe('123456');
	});

	it('refuses content without [%code%] and an invalid number before sending anything', async () => {
		const service = mockService().on('POST', '/mfa/codes', () => [201, {}]);
		const noPlaceholder = await failure(runNode({ parameters: send('48500000001', { content: 'Your code' }) }));
		expect(noPlaceholder.message).toBe('Content must contain [%code%]');
		const badNumber = await failure(runNode({ parameters: send('48-abc') }));
		expect(badNumber.message).toMatch(/^Not a valid phone number/);
		expect(service.calls).toHaveLength(0);
	});

	it("the service's 400 for a number that is not mobile is a clear error; Continue On Fail makes it an error item", async () => {
		mockService().on('POST', '/mfa/codes', () => [
			400,
			{ message: 'Invalid phone number - only mobile are acceptable', error: 'invalid_phone_number', developer_description: null, errors: null },
		]);
		const error = await failure(runNode({ parameters: send('48221234567') }));
		expect(error.message).toMatch(/SMSAPI error invalid_phone_number/);
		expect(error.description).toContain('only mobile are acceptable');
		const output = await runNode({ parameters: send('48221234567'), continueOnFail: true });
		expect(output[0].json.error).toMatch(/invalid_phone_number/);
	});

	it('is not repeated on the backup after the primary failed with 500 (it sends a charged SMS)', async () => {
		const primary = mockService().on('POST', '/mfa/codes', () => [500, 'oops']);
		const backup = nock(BACKUP_URL).post('/mfa/codes').reply(201, {});
		const error = await failure(runNode({ parameters: send('48500000001'), credentials: tokenCredentials({ backupUrl: BACKUP_URL }) }));
		expect(primary.calls).toHaveLength(1);
		expect(backup.isDone()).toBe(false);
		expect(error.message).toMatch(/not repeated|may or may not/);
	});
});

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
