/**
 * What an SMSAPI account is reached with (credentials/smsapiAccount.ts): the md5 of the password the
 * earlier login sends (a plain password hashed as UTF-8, an md5 the user gave passed through), and
 * the addresses of each platform, a custom address and backup as given.
 */
import { PLATFORM_ADDRESSES, resolveBaseUrls, toMd5Password } from '../../credentials/smsapiAccount';

describe('toMd5Password', () => {
	it('hashes a plain password to lowercase md5 hex', () => {
		expect(toMd5Password('secret')).toBe('5ebe2294ecd0e0f08eab7690d2a6ee69');
		// UTF-8 bytes, as the service's own clients hash them
		expect(toMd5Password('zażółć')).toBe('884c73f2b5319ab2bbda84aacb14ec68');
	});

	it('passes an md5 given by the user through, lowercased', () => {
		expect(toMd5Password('5ebe2294ecd0e0f08eab7690d2a6ee69')).toBe('5ebe2294ecd0e0f08eab7690d2a6ee69');
		expect(toMd5Password('5EBE2294ECD0E0F08EAB7690D2A6EE69')).toBe('5ebe2294ecd0e0f08eab7690d2a6ee69');
	});

	it('hashes anything that is not exactly 32 hex characters', () => {
		// 31 and 33 characters, and 32 characters with a non-hex letter
		expect(toMd5Password('5ebe2294ecd0e0f08eab7690d2a6ee6')).toHaveLength(32);
		expect(toMd5Password('5ebe2294ecd0e0f08eab7690d2a6ee6')).not.toBe('5ebe2294ecd0e0f08eab7690d2a6ee6');
		expect(toMd5Password('5ebe2294ecd0e0f08eab7690d2a6ee699')).not.toBe(
			'5ebe2294ecd0e0f08eab7690d2a6ee699',
		);
		expect(toMd5Password('5ebe2294ecd0e0f08eab7690d2a6ee6g')).not.toBe(
			'5ebe2294ecd0e0f08eab7690d2a6ee6g',
		);
	});
});

describe('addresses', () => {
	it('.com and .pl have a backup address, .io none; a custom address and backup as given, without a trailing slash', () => {
		expect(resolveBaseUrls({ platform: 'com' })).toEqual({ primary: 'https://api.smsapi.com', backup: 'https://api2.smsapi.com' });
		expect(resolveBaseUrls({ platform: 'pl' })).toEqual({ primary: 'https://api.smsapi.pl', backup: 'https://api2.smsapi.pl' });
		expect(resolveBaseUrls({ platform: 'io' })).toEqual({ primary: 'https://smsapi.io' });
		expect(resolveBaseUrls({ platform: 'custom', baseUrl: ' http://127.0.0.1:8765/ ', backupUrl: '' })).toEqual({ primary: 'http://127.0.0.1:8765', backup: undefined });
	});

	it('has an address for every platform the credential offers but custom', () => {
		expect(Object.keys(PLATFORM_ADDRESSES).sort()).toEqual(['com', 'io', 'pl']);
	});
});
