/**
 * The service's addresses per platform (SERVICE-FACTS.md). Shared by the credential
 * (its test request) and the transport (failover), so both always agree.
 */
export type SmsapiPlatform = 'com' | 'pl' | 'io' | 'custom';

export const PLATFORM_ADDRESSES: Record<Exclude<SmsapiPlatform, 'custom'>, { primary: string; backup?: string }> = {
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

export function stripTrailingSlash(url: string): string {
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
