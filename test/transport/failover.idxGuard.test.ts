/**
 * The idx guard (issue 29, finding 6): a send is repeated on the backup after a failure that may
 * have reached the service only when EVERY recipient carries a non-empty idx with check_idx=1. A
 * partial idx (`order-1||order-3`) leaves the middle recipient unprotected: the repeat could send
 * that message twice.
 */
import nock from 'nock';
import { NodeApiError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { hasIdxGuard } from '../../nodes/Smsapi/transport/failover';
import { smsapiApiRequest } from '../../nodes/Smsapi/transport/smsapiApiRequest';
import type { SmsapiRequest } from '../../nodes/Smsapi/transport/types';
import { BACKUP, PRIMARY, tokenCredentials } from '../support/n8n-context';
import { fastSettings, formOf, transportContext } from './support/context';

describe('hasIdxGuard: every recipient has its own idx', () => {
	it('a full idx with check_idx=1 is a guard', () => {
		expect(hasIdxGuard({ body: { to: '48500000001,48500000002,48500000003', idx: 'order-1|order-2|order-3', check_idx: '1' } })).toBe(true);
		expect(hasIdxGuard({ body: { to: ['48500000001', '48500000002'], idx: 'a|b', check_idx: 1 } })).toBe(true);
	});

	it('an empty entry, fewer values than recipients or a group send is none', () => {
		const to = '48500000001,48500000002,48500000003';
		expect(hasIdxGuard({ body: { to, idx: 'order-1||order-3', check_idx: '1' } })).toBe(false);
		expect(hasIdxGuard({ body: { to, idx: 'order-1| |order-3', check_idx: '1' } })).toBe(false);
		expect(hasIdxGuard({ body: { to, idx: 'order-1|order-2|', check_idx: '1' } })).toBe(false);
		expect(hasIdxGuard({ body: { to, idx: 'order-1|order-2', check_idx: '1' } })).toBe(false);
		expect(hasIdxGuard({ body: { to, idx: 'order-1', check_idx: '1' } })).toBe(false);
		expect(hasIdxGuard({ body: { group: 'customers', idx: 'order-1', check_idx: '1' } })).toBe(false);
		expect(hasIdxGuard({ body: { to, idx: 'order-1|order-2|order-3', check_idx: '0' } })).toBe(false);
	});
});

describe('the transport with a partial idx', () => {
	beforeAll(() => nock.disableNetConnect());
	afterEach(() => nock.cleanAll());
	afterAll(() => nock.enableNetConnect());

	const send = (idx: string): SmsapiRequest => ({
		method: 'POST',
		endpoint: 'sms.do',
		body: { to: '48500000001,48500000002,48500000003', message: 'Your order', idx, check_idx: '1' },
		safeToRepeat: false,
	});

	/** The primary fails after receiving the request; returns the bodies the backup got. */
	function primaryFailsBackupAnswers(): Array<Record<string, string>> {
		const backup: Array<Record<string, string>> = [];
		nock(PRIMARY).post('/sms.do').reply(502, 'Bad Gateway');
		nock(BACKUP)
			.post('/sms.do')
			.reply((_uri, body) => {
				backup.push(formOf(body));
				return [200, JSON.stringify({ count: 3, list: [] })];
			});
		return backup;
	}

	it('idx order-1||order-3 after a primary 502: NOT repeated on the backup (the middle message is unguarded)', async () => {
		const backup = primaryFailsBackupAnswers();
		let error: unknown;
		try {
			await smsapiApiRequest.call(transportContext(tokenCredentials()).context, send('order-1||order-3'), fastSettings());
		} catch (caught) {
			error = caught;
		}
		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).message).toMatch(/may or may not have accepted .* not repeated, to avoid a double send/);
		expect(((error as NodeApiError).context as IDataObject).outcome).toBe('unknown');
		expect(backup).toEqual([]);
	});

	it('the same send with an idx for every recipient is repeated on the backup, same idx', async () => {
		const backup = primaryFailsBackupAnswers();
		await smsapiApiRequest.call(transportContext(tokenCredentials()).context, send('order-1|order-2|order-3'), fastSettings());
		expect(backup.map((body) => body.idx)).toEqual(['order-1|order-2|order-3']);
	});
});
