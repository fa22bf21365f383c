/**
 * One-Time Code → Send against a mocked service (nock): POST /mfa/codes as JSON with the cleaned
 * number, sender, content and fast, the code kept out of the output unless asked for, the checks
 * before sending, the service's refusal of a number that is not mobile, no repeat on the backup (it
 * sends a charged SMS). Its workflows in n8n's engine: send.engine.test.ts.
 */
import nock from 'nock';
import { BACKUP as BACKUP_URL, tokenCredentials } from '../../support/n8n-context';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const send = (phoneNumber: string, options = {}) => ({ resource: 'oneTimeCode', operation: 'send', phoneNumber, options });

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
