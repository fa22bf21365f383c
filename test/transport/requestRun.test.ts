/**
 * Where one request stands (transport/requestRun.ts): the summary its errors carry (method,
 * endpoint, the address it went to and its base URL, attempts, item) and a header read whatever
 * its case.
 */
import { header, runSummary } from '../../nodes/Smsapi/transport/requestRun';
import { requestRunOf } from './support/request-run';

const run = (address: 'primary' | 'backup') => requestRunOf({ method: 'POST', endpoint: 'sms.do', itemIndex: 2, safeToRepeat: false }, { address, attempts: 2 });

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
