/**
 * The md5 of the earlier login, as the nodes compute it (helpers/md5Password.ts: the e-mail
 * gateway) and as the credential computes it (credentials/smsapiAccount.ts: `authenticate`).
 * Two copies so that neither side imports the other (issue 29, finding 12): they must agree.
 */
import { createHash } from 'node:crypto';

import { toMd5Password as credentialMd5 } from '../../credentials/smsapiAccount';
import { toMd5Password } from '../../nodes/Smsapi/helpers/md5Password';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

describe('toMd5Password (nodes helper)', () => {
	it('hashes a plain password as lowercase hex md5 of its UTF-8 bytes', () => {
		expect(toMd5Password('secret')).toBe('5ebe2294ecd0e0f08eab7690d2a6ee69');
		expect(toMd5Password('zażółć')).toBe(md5('zażółć'));
		expect(toMd5Password('')).toBe(md5(''));
	});

	it('takes 32 hex characters as already hashed (only lowercased); 31, 33 or a non-hex character are hashed', () => {
		expect(toMd5Password('5EBE2294ECD0E0F08EAB7690D2A6EE69')).toBe('5ebe2294ecd0e0f08eab7690d2a6ee69');
		for (const almost of ['5ebe2294ecd0e0f08eab7690d2a6ee6', '5ebe2294ecd0e0f08eab7690d2a6ee699', '5ebe2294ecd0e0f08eab7690d2a6ee6g']) {
			expect(toMd5Password(almost)).toBe(md5(almost));
		}
	});

	it('agrees with the credential’s own copy on every kind of input', () => {
		const inputs = ['secret', 'zażółć', '', ' spaced ', '5EBE2294ECD0E0F08EAB7690D2A6EE69', '5ebe2294ecd0e0f08eab7690d2a6ee6g', 'x'.repeat(300)];
		for (const input of inputs) expect(toMd5Password(input)).toBe(credentialMd5(input));
	});
});
