/**
 * The credential's addresses (transport/credentialAddresses.ts): each platform's, a custom address
 * with an optional backup, and a custom address missing or not http(s) refused before anything is
 * sent, without the secrets it may hold.
 */
import type { INode } from 'n8n-workflow';

import { credentialAddresses } from '../../nodes/Smsapi/transport/credentialAddresses';

const node = { name: 'SMSAPI' } as INode;

describe("the credential's addresses", () => {
	it("gives each platform's addresses (.com and .pl with a backup, .io without), .com for a credential without a platform", () => {
		expect(credentialAddresses(node, { platform: 'com' }, [])).toEqual({ primary: 'https://api.smsapi.com', backup: 'https://api2.smsapi.com' });
		expect(credentialAddresses(node, { platform: 'pl' }, [])).toEqual({ primary: 'https://api.smsapi.pl', backup: 'https://api2.smsapi.pl' });
		expect(credentialAddresses(node, { platform: 'io' }, [])).toEqual({ primary: 'https://smsapi.io' });
		expect(credentialAddresses(node, {}, [])).toEqual({ primary: 'https://api.smsapi.com', backup: 'https://api2.smsapi.com' });
	});

	it('takes a custom address and backup as given', () => {
		expect(credentialAddresses(node, { platform: 'custom', baseUrl: 'http://127.0.0.1:8765', backupUrl: 'http://127.0.0.1:8766' }, [])).toEqual({
			primary: 'http://127.0.0.1:8765',
			backup: 'http://127.0.0.1:8766',
		});
	});

	it('refuses a custom address that is missing or not http(s), naming which, without its secrets', () => {
		expect(() => credentialAddresses(node, { platform: 'custom', baseUrl: '' }, [], 3)).toThrow("The SMSAPI credential's base URL is missing or not an http(s) address");
		let thrown: (Error & { description?: string; context?: { itemIndex?: number } }) | undefined;
		try {
			credentialAddresses(node, { platform: 'custom', baseUrl: 'https://api.example.com', backupUrl: 'ftp://user:hunter2@backup.example.com' }, ['hunter2'], 3);
		} catch (error) {
			thrown = error as typeof thrown;
		}
		expect(thrown?.message).toBe("The SMSAPI credential's backup URL is missing or not an http(s) address");
		expect(thrown?.description).not.toContain('hunter2');
		expect(thrown?.context?.itemIndex).toBe(3);
	});
});
