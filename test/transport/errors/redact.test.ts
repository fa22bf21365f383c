/**
 * Secrets out of every text an error carries (transport/errors/redact.ts): tokens, passwords, md5
 * digests, user-info and the trigger's URL secret, also URL-encoded; ordinary ids and words left
 * alone; the address shown without user-info and query. Through createServiceError:
 * serviceError.test.ts; through the transport: redact.requestSecrets.test.ts; random secrets: redact.fuzz.test.ts.
 */
import { displayUrl, redactSecrets, secretsOf } from '../../../nodes/Smsapi/transport/errors/redact';

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
