/**
 * The package's name and version as the transport sends them in its User-Agent
 * (transport/version.ts): those of package.json.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { PACKAGE_NAME, PACKAGE_VERSION, USER_AGENT } from '../../nodes/Smsapi/transport/version';

describe('version', () => {
	const manifest = JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')) as { name: string; version: string };

	it('names the package and the version of package.json', () => {
		expect(PACKAGE_NAME).toBe(manifest.name);
		expect(PACKAGE_VERSION).toBe(manifest.version);
		expect(USER_AGENT).toBe(`${manifest.name}/${manifest.version}`);
	});
});
