import { createHash } from 'node:crypto';

/**
 * What an SMSAPI account is reached with, shared by the credential (its test request and
 * login) and the nodes (the transport's addresses and failover, the e-mail gateway's address).
 * Of the nodes only the transport imports it (and hands the gateway addresses on); nothing here
 * imports from the nodes.
 *
 * Addresses per platform (docs/service-behaviour.md, "Addresses"): SMSAPI.com and SMSAPI.pl each
 * have a backup address; smsapi.io serves both regions and has none.
 */
type SmsapiPlatform = 'com' | 'pl' | 'io' | 'custom';

export const PLATFORM_ADDRESSES: Record<
	Exclude<SmsapiPlatform, 'custom'>,
	{ primary: string; backup?: string }
> = {
	com: { primary: 'https://api.smsapi.com', backup: 'https://api2.smsapi.com' },
	pl: { primary: 'https://api.smsapi.pl', backup: 'https://api2.smsapi.pl' },
	io: { primary: 'https://smsapi.io' },
};

/** E-mail gateway (mail2sms) address per platform. */
export const MAIL2SMS_ADDRESSES: Record<Exclude<SmsapiPlatform, 'custom'>, string> = {
	com: 'sms@smsapi.com',
	pl: 'sms@smsapi.pl',
	io: 'sms@smsapi.com',
};

function stripTrailingSlash(url: string): string {
	return url.replace(/\/+$/, '');
}

/** Primary and (optional) backup base address for a credential's platform. */
export function resolveBaseUrls(credentials: {
	platform?: string;
	baseUrl?: string;
	backupUrl?: string;
}): { primary: string; backup?: string } {
	const platform = (credentials.platform ?? 'com') as SmsapiPlatform;
	if (platform === 'custom') {
		const primary = stripTrailingSlash(String(credentials.baseUrl ?? '').trim());
		const backup = stripTrailingSlash(String(credentials.backupUrl ?? '').trim());
		return { primary, backup: backup || undefined };
	}
	return PLATFORM_ADDRESSES[platform] ?? PLATFORM_ADDRESSES.com;
}

/** An md5 digest written as hex: such a password was hashed by the user already. */
const MD5_HEX = /^[0-9a-f]{32}$/i;

/**
 * The earlier variant of the service's login takes the lowercase hex md5 of the password.
 * Users may paste either the plain password or its md5 (the portal shows the md5 form), so a
 * 32-hex-character value is taken as already hashed and only lowercased.
 *
 * The credential's own (its `authenticate`): the nodes hash with nodes/Smsapi/helpers/md5Password.ts,
 * so that no operation reads login material through credentials/ and credentials/ imports nothing
 * from nodes/. test/helpers/md5Password.test.ts checks that the two agree.
 */
export function toMd5Password(password: string): string {
	if (MD5_HEX.test(password)) {
		return password.toLowerCase();
	}
	return createHash('md5').update(password, 'utf8').digest('hex');
}
