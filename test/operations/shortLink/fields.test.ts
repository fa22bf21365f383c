/**
 * Short Link fields (actions/shortLink/fields.ts): http(s) addresses told apart from anything else
 * (another scheme, no address at all), one that is not refused with what was not done, and the
 * record by id at `short_url/links/{id}`, the id digits only.
 */
import { httpAddress, isHttpAddress, shortLinkRecord } from '../../../nodes/Smsapi/actions/shortLink/fields';
import { nodeContext, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('short link fields', () => {
	it('takes http and https addresses only', () => {
		expect(['https://example.com/offer', 'http://127.0.0.1:8080/x?y=1'].map(isHttpAddress)).toEqual([true, true]);
		expect(['ftp://example.com', 'javascript:alert(1)', 'example.com', ''].map(isHttpAddress)).toEqual([false, false, false, false]);
	});

	it('refuses another value with what was not done and how to enter it', () => {
		const context = nodeContext({ parameters: { resource: 'shortLink', operation: 'create' } });
		expect(httpAddress.call(context, 'https://example.com', 'Nothing was created.', 0)).toBe('https://example.com');
		let error: (Error & { description?: string }) | undefined;
		try {
			httpAddress.call(context, 'example.com', 'Nothing was created.', 0);
		} catch (thrown) {
			error = thrown as Error & { description?: string };
		}
		expect(error?.message).toBe('Not an http(s) address: "example.com"');
		expect(error?.description).toBe('Nothing was created. Enter the full address, e.g. https://example.com/offer.');
	});

	it('reaches a link by its id, digits only', () => {
		expect(shortLinkRecord.path('123')).toBe('short_url/links/123');
		expect(() => shortLinkRecord.path('12a')).toThrow('Not a valid ID in linkId');
	});
});
