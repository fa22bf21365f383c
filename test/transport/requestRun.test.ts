/**
 * Where one request stands (transport/requestRun.ts): the summary its errors carry (method,
 * endpoint, the address it went to and its base URL, attempts, item) and a header read whatever
 * its case.
 */
import type { INode } from 'n8n-workflow';

import { header, runSummary, type RequestRun } from '../../nodes/Smsapi/transport/requestRun';

const run = (address: 'primary' | 'backup'): RequestRun => ({
	request: { method: 'POST', endpoint: 'sms.do', itemIndex: 2, safeToRepeat: false },
	node: { name: 'SMSAPI' } as INode,
	addresses: { primary: 'https://api.smsapi.com', backup: 'https://api2.smsapi.com' },
	credentials: {},
	secrets: [],
	legacy: true,
	guardedByIdx: false,
	timeoutMs: 30_000,
	address,
	attempts: 2,
	earlierMayHaveBeenAccepted: false,
});

describe('the run of one request', () => {
	it('summarises where it went: the base URL of the address in use', () => {
		expect(runSummary(run('primary'))).toEqual({ method: 'POST', endpoint: 'sms.do', address: 'primary', baseUrl: 'https://api.smsapi.com', attempts: 2, itemIndex: 2 });
		expect(runSummary(run('backup'))).toMatchObject({ address: 'backup', baseUrl: 'https://api2.smsapi.com' });
	});

	it('reads a header whatever its case', () => {
		expect(header({ 'Retry-After': '3' }, 'retry-after')).toBe('3');
		expect(header({ 'retry-after': '4' }, 'Retry-After')).toBe('4');
		expect(header({ Other: '1' }, 'retry-after')).toBeUndefined();
	});
});
