/**
 * The trigger's caller checks (trigger/security.ts, trigger/guards.ts): the Secret compared in
 * constant time and read so that blanks are no secret, IP addresses and the IP Allowlist (IPv4,
 * IPv6, mapped forms, ranges), and the accepted account usernames.
 */
// The module object itself (not an import namespace copy), so its export can be spied on.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const crypto = require('node:crypto') as typeof import('node:crypto');

import {
	checkSecret,
	findUsernameMismatch,
	isIpAllowed,
	parseAllowlist,
	parseIp,
	parseIpRule,
	readSecretSetting,
	secretsEqual,
} from '../../nodes/Smsapi/trigger/security';
import { guardProblem, readGuards } from '../../nodes/Smsapi/trigger/guards';

describe('secret', () => {
	afterEach(() => jest.restoreAllMocks());

	it('compares equal and different secrets', () => {
		expect(secretsEqual('s3cret-value', 's3cret-value')).toBe(true);
		expect(secretsEqual('s3cret-value', 's3cret-valuE')).toBe(false);
		expect(secretsEqual('s3cret-value', '')).toBe(false);
	});

	it('compares secrets of different lengths in constant time (equal-length digests, no throw)', () => {
		const spy = jest.spyOn(crypto, 'timingSafeEqual');
		expect(secretsEqual('short', 'a much longer guess than the secret')).toBe(false);
		expect(spy).toHaveBeenCalledTimes(1);
		const [a, b] = spy.mock.calls[0] as [Buffer, Buffer];
		expect(a).toHaveLength(32);
		expect(b).toHaveLength(32);
		// Raw buffers of different lengths would make timingSafeEqual throw: hashing avoids that path.
		expect(() => crypto.timingSafeEqual(Buffer.from('short'), Buffer.from('longer one'))).toThrow();
	});

	it('accepts anything when no secret is set', () => {
		expect(checkSecret('', {})).toEqual({ ok: true });
	});

	it('tells a missing secret from a wrong one', () => {
		expect(checkSecret('abc', {})).toEqual({ ok: false, reason: 'missing' });
		expect(checkSecret('abc', { secret: ['x'] })).toEqual({ ok: false, reason: 'wrong' });
		expect(checkSecret('abc', { secret: 'abd' })).toEqual({ ok: false, reason: 'wrong' });
		expect(checkSecret('abc', { secret: { nested: 'abc' } })).toEqual({ ok: false, reason: 'missing' });
		expect(checkSecret('abc', 'secret=abc')).toEqual({ ok: false, reason: 'missing' });
	});

	it('accepts the right secret, also when the parameter is repeated', () => {
		expect(checkSecret('abc', { secret: 'abc' })).toEqual({ ok: true });
		expect(checkSecret('abc', { secret: ['nope', 'abc'] })).toEqual({ ok: true });
	});

	it('recovers parameters glued to the secret with a second "?"', () => {
		expect(checkSecret('abc', { secret: 'abc?MsgId=1&x=2' })).toEqual({ ok: true, extraQuery: { MsgId: '1', x: '2' } });
		// A secret that itself contains "?" still matches as a whole.
		expect(checkSecret('a?b', { secret: 'a?b' })).toEqual({ ok: true });
		expect(checkSecret('abc', { secret: 'abd?MsgId=1' })).toEqual({ ok: false, reason: 'wrong' });
	});
});

describe('the Secret setting', () => {
	it('an empty Secret typed as such is "no secret" (the documented choice); a text is that secret, trimmed', () => {
		expect(readSecretSetting('', '')).toEqual({ kind: 'open' });
		expect(readSecretSetting('abc', 'abc')).toEqual({ kind: 'secret', secret: 'abc' });
		expect(readSecretSetting(' abc\t', ' abc\t')).toEqual({ kind: 'secret', secret: 'abc' });
	});

	it.each([' ', '   ', '\t', ' \n ', '\u00a0'])('a Secret of blanks only (%j) is invalid, not "no secret"', (blank) => {
		const setting = readSecretSetting(blank, blank);
		expect(setting).toEqual({ kind: 'invalid', reason: expect.stringContaining('only blanks') });
		expect(setting).toEqual({ kind: 'invalid', reason: expect.stringContaining('clear the field to accept callbacks without one') });
	});

	it('the guards refuse a Secret of blanks (activation stops, every callback refused); an empty one passes', () => {
		expect(guardProblem({ parameters: { secret: '  ' }, typeVersion: 1 }, '  ', {})).toMatch(/^the Secret holds only blanks/);
		expect(readGuards({ parameters: { secret: '  ' }, typeVersion: 1 }, '  ', {})).toMatchObject({ secret: { kind: 'invalid' }, problem: expect.stringContaining('only blanks') });
		expect(guardProblem({ parameters: { secret: '' }, typeVersion: 1 }, '', {})).toBeUndefined();
		expect(guardProblem({ parameters: { secret: 'abc' }, typeVersion: 1 }, 'abc', {})).toBeUndefined();
		// Both problems are named when the allowlist is unusable too.
		expect(guardProblem({ parameters: { secret: ' ' }, typeVersion: 1 }, ' ', { allowedIps: 'nonsense' })).toMatch(/only blanks.*; the IP Allowlist has no valid address/);
	});

	it('an expression that resolves to blanks stays invalid as before', () => {
		expect(readSecretSetting('={{ "  " }}', '  ')).toEqual({ kind: 'invalid', reason: 'the Secret expression resolved to an empty text' });
		expect(readSecretSetting(undefined, '')).toEqual({ kind: 'invalid', reason: 'the Secret expression resolved to an empty text' });
	});
});

describe('IP addresses', () => {
	it('parses IPv4, IPv6 and IPv4-mapped IPv6 into one space', () => {
		expect(parseIp('1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 1, 2, 3, 4]);
		expect(parseIp('::ffff:1.2.3.4')).toEqual(parseIp('1.2.3.4'));
		expect(parseIp('::FFFF:0102:0304')).toEqual(parseIp('1.2.3.4'));
		expect(parseIp('2001:db8::1')).toEqual([0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
		expect(parseIp('2001:0db8:0000:0000:0000:0000:0000:0001')).toEqual(parseIp('2001:db8::1'));
		expect(parseIp('::1')).toEqual([...new Array(15).fill(0), 1]);
		expect(parseIp('::')).toEqual(new Array(16).fill(0));
		expect(parseIp('fe80::1%eth0')).toEqual(parseIp('fe80::1'));
		expect(parseIp('[2001:db8::1]')).toEqual(parseIp('2001:db8::1'));
	});

	it.each(['1.2.3', '256.1.1.1', '1.2.3.4.5', '1::2::3', 'gggg::1', ':::', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7', '', 'localhost', '1.2.3.4::'])(
		'rejects %j',
		(text) => {
			expect(parseIp(text)).toBeUndefined();
		},
	);

	it('reads an IPv4-mapped address as the IPv4 address, and a short IPv6 form as the full one', () => {
		expect(parseIp('::ffff:10.1.2.3')).toEqual(parseIp('10.1.2.3'));
		expect(parseIp('2001:db8::1')).toEqual(parseIp('2001:db8:0:0:0:0:0:1'));
	});
});

describe('allowlist', () => {
	const allowed = (list: string, ip: string | undefined) => isIpAllowed(ip, parseAllowlist(list).rules);

	it('matches single addresses and IPv4 CIDR ranges', () => {
		expect(allowed('203.0.113.10', '203.0.113.10')).toBe(true);
		expect(allowed('203.0.113.10', '203.0.113.11')).toBe(false);
		expect(allowed('10.0.0.0/8', '10.255.1.1')).toBe(true);
		expect(allowed('10.0.0.0/8', '11.0.0.1')).toBe(false);
		expect(allowed('198.51.100.0/25', '198.51.100.127')).toBe(true);
		expect(allowed('198.51.100.0/25', '198.51.100.128')).toBe(false);
		expect(allowed('192.0.2.77/32', '192.0.2.77')).toBe(true);
		expect(allowed('0.0.0.0/0', '8.8.8.8')).toBe(true);
		// Host bits in the entry do not matter.
		expect(allowed('10.9.9.9/8', '10.0.0.1')).toBe(true);
	});

	it('matches IPv6 addresses and ranges', () => {
		expect(allowed('2001:db8::/32', '2001:db8:ffff::1')).toBe(true);
		expect(allowed('2001:db8::/32', '2001:db9::1')).toBe(false);
		expect(allowed('2001:db8::1', '2001:0db8::0001')).toBe(true);
		expect(allowed('2001:db8:abcd::/47', '2001:db8:abcd:1::1')).toBe(true);
		expect(allowed('2001:db8:abcd::/48', '2001:db8:abce::1')).toBe(false);
	});

	it('treats IPv4-mapped IPv6 and IPv4 as the same caller, on either side', () => {
		expect(allowed('203.0.113.0/24', '::ffff:203.0.113.5')).toBe(true);
		expect(allowed('203.0.113.0/24', '::ffff:203.0.114.5')).toBe(false);
		expect(allowed('::ffff:203.0.113.0/120', '203.0.113.200')).toBe(true);
		expect(allowed('::ffff:203.0.113.5', '203.0.113.5')).toBe(true);
		// An IPv4 range never matches a native IPv6 address.
		expect(allowed('0.0.0.0/0', '2001:db8::1')).toBe(false);
	});

	it('reads lists separated by commas, semicolons, spaces and lines and reports bad entries', () => {
		const { rules, invalid } = parseAllowlist('203.0.113.1, 10.0.0.0/8;2001:db8::/32\nbogus 1.2.3.4/33 ::1/129 1.2.3.4/8/9');
		expect(rules.map((rule) => rule.source)).toEqual(['203.0.113.1', '10.0.0.0/8', '2001:db8::/32']);
		expect(invalid).toEqual(['bogus', '1.2.3.4/33', '::1/129', '1.2.3.4/8/9']);
		expect(parseIpRule('1.2.3.4/24')?.prefix).toBe(120);
	});

	it('allows nobody when the list has no valid entry or the caller has no readable address', () => {
		expect(allowed('bogus', '1.2.3.4')).toBe(false);
		expect(allowed('1.2.3.4', undefined)).toBe(false);
		expect(allowed('1.2.3.4', 'not-an-ip')).toBe(false);
	});
});

describe('account username', () => {
	const reports = [{ username: 'acme' }, { username: 'ACME_sub' }];

	it('accepts listed usernames case-insensitively', () => {
		expect(findUsernameMismatch(['acme', 'acme_sub'], reports, true)).toBeUndefined();
	});

	it('finds a report of another account', () => {
		expect(findUsernameMismatch(['acme'], reports, true)).toEqual({ username: 'ACME_sub' });
	});

	it('treats a missing username as a mismatch only for events that always carry one', () => {
		expect(findUsernameMismatch(['acme'], [{ id: '1' }], true)).toEqual({ id: '1' });
		expect(findUsernameMismatch(['acme'], [{ id: '1' }], false)).toBeUndefined();
		expect(findUsernameMismatch(['acme'], [{ id: '1', username: 'other' }], false)).toEqual({ id: '1', username: 'other' });
	});

	it('checks nothing without accepted usernames', () => {
		expect(findUsernameMismatch([], [{ username: 'anyone' }], true)).toBeUndefined();
	});
});
