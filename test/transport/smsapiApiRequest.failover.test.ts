/**
 * smsapiApiRequest (transport/smsapiApiRequest.ts) inside n8n-core's real ExecuteContext and
 * request helper, against nock (fake hosts) and real sockets on 127.0.0.1
 * (support/served-hosts.ts): when a request is repeated, where, and when not.
 */
import { BACKUP, logs, PRIMARY, tokenCredentials } from '../support/n8n-context';
import { closedPort, fastSettings, misbehavingServer, transportContext } from './support/context';
import { type Reply, SEND_OK, failure, hits, hitsOn, profile, run, send, serve, useServedHosts } from './support/served-hosts';

useServedHosts();

describe('failover', () => {
	it('a read goes to the backup after a primary 500', async () => {
		serve(PRIMARY, 'get', '/profile', [500, 'Internal Server Error', { 'Content-Type': 'text/plain' }]);
		serve(BACKUP, 'get', '/profile', [200, { name: 'ACME', points: '1.5' }]);
		const result = await run(transportContext(tokenCredentials()), profile);

		expect(result).toEqual({ data: { name: 'ACME', points: 1.5 }, meta: { address: 'backup', attempts: 2, httpStatus: 200 } });
		expect(hits.map((hit) => hit.host)).toEqual([PRIMARY, BACKUP]);
		expect(logs.some((line) => line.level === 'warn' && line.message.includes('repeating on the backup address'))).toBe(true);
	});

	it('a legacy non-200 (a proxy page) on a read goes to the backup', async () => {
		serve(PRIMARY, 'get', '/sender.do', [404, '<html>Not Found</html>', { 'Content-Type': 'text/html' }]);
		serve(BACKUP, 'get', '/sender.do', [200, [{ sender: 'Shop', status: 'ACTIVE', default: true }]]);
		const result = await run(transportContext(tokenCredentials()), { method: 'GET', endpoint: 'sender.do', qs: { list: 1 }, safeToRepeat: true });
		expect(result.meta.address).toBe('backup');
		expect(result.data).toEqual([{ sender: 'Shop', status: 'ACTIVE', default: true }]);
	});

	it('a create without idx after a primary 500 is NOT repeated', async () => {
		serve(PRIMARY, 'post', '/sms.do', [500, 'oops', { 'Content-Type': 'text/plain' }]);
		const backup = serve(BACKUP, 'post', '/sms.do', [200, SEND_OK]);
		const error = await failure(run(transportContext(tokenCredentials()), send()));

		expect(error.message).toBe('SMSAPI may or may not have accepted the request to sms.do; it was not repeated, to avoid a double send');
		expect(error.description).toContain('answered HTTP 500');
		expect(error.description).toContain('NOT repeated on the backup address');
		expect(error.httpCode).toBe('500');
		expect(hitsOn(PRIMARY)).toHaveLength(1);
		expect(backup.isDone()).toBe(false);
	});

	it('a create without idx after a primary timeout is NOT repeated', async () => {
		const server = await misbehavingServer('hang');
		try {
			const backup = serve(BACKUP, 'post', '/sms.do', [200, SEND_OK]);
			const test = transportContext(tokenCredentials({ baseUrl: server.url }));
			const error = await failure(run(test, { ...send(), timeout: 300 }));

			expect(error.message).toMatch(/it was not repeated, to avoid a double send$/);
			expect(error.description).toContain('did not answer within 300 ms (timeout)');
			expect(server.hits).toBe(1);
			expect(backup.isDone()).toBe(false);
		} finally {
			await server.close();
		}
	});

	it('a create without idx after a connection reset is NOT repeated', async () => {
		const server = await misbehavingServer('reset');
		try {
			const backup = serve(BACKUP, 'post', '/sms.do', [200, SEND_OK]);
			const error = await failure(run(transportContext(tokenCredentials({ baseUrl: server.url })), send()));

			expect(error.message).toMatch(/it was not repeated, to avoid a double send$/);
			expect(error.description).toContain('closed the connection (ECONNRESET)');
			expect(error.httpCode).toBe('ECONNRESET');
			expect(server.hits).toBe(1);
			expect(backup.isDone()).toBe(false);
		} finally {
			await server.close();
		}
	});

	it('a create without idx after connection refused IS repeated on the backup (nothing reached the primary)', async () => {
		const port = await closedPort();
		serve(BACKUP, 'post', '/sms.do', [200, SEND_OK]);
		const test = transportContext(tokenCredentials({ baseUrl: `http://127.0.0.1:${port}` }));
		const result = await run(test, send());

		expect(result.meta).toEqual({ address: 'backup', attempts: 2, httpStatus: 200 });
		expect(hitsOn(BACKUP)).toHaveLength(1);
		expect(hitsOn(BACKUP)[0].body).toMatchObject({ to: '48500000000', message: 'Hello' });
		expect(test.sent.map((options) => options.url)).toEqual([`http://127.0.0.1:${port}/sms.do`, `${BACKUP}/sms.do`]);
	});

	it('a create refused everywhere is retried within the bound and reported as not sent', async () => {
		const port = await closedPort();
		const delays: number[] = [];
		const test = transportContext(tokenCredentials({ baseUrl: `http://127.0.0.1:${port}`, backupUrl: '' }));
		const error = await failure(run(test, send(), fastSettings(delays)));

		expect(test.sent).toHaveLength(4);
		expect(delays).toEqual([500, 1000, 2000]);
		expect(error.message).toBe('SMSAPI could not be reached for sms.do: the primary address refused the connection (ECONNREFUSED)');
		expect(error.description).toContain('nothing was sent');
		expect(error.context.outcome).toBe('failed');
	});

	it('a create with idx and check_idx=1 after a primary 500 is repeated once on the backup, same idx', async () => {
		serve(PRIMARY, 'post', '/sms.do', [500, 'oops', { 'Content-Type': 'text/plain' }]);
		serve(BACKUP, 'post', '/sms.do', [200, SEND_OK]);
		const result = await run(transportContext(tokenCredentials()), send({ idx: 'order-17', check_idx: 1 }));

		expect(result.meta).toEqual({ address: 'backup', attempts: 2, httpStatus: 200 });
		expect(result.meta.acceptedEarlier).toBeUndefined();
		expect(hits.map((hit) => hit.host)).toEqual([PRIMARY, BACKUP]);
		expect(hits[0].body).toMatchObject({ idx: 'order-17', check_idx: '1' });
		expect(hits[1].body).toEqual(hits[0].body);
	});

	it('a 53 answer to that repeat of generated idx values means the first attempt was accepted', async () => {
		serve(PRIMARY, 'post', '/sms.do', [502, 'Bad Gateway', { 'Content-Type': 'text/plain' }]);
		serve(BACKUP, 'post', '/sms.do', [200, { error: 53, message: 'idx already used' }]);
		const result = await run(transportContext(tokenCredentials()), {
			...send({ idx: '0f3c9a7e5b1d4c2a8e6f0b9d7c5a3e1f', check_idx: '1' }),
			idxGenerated: true,
		});

		expect(result).toEqual({
			data: { error: 53, message: 'idx already used' },
			meta: { address: 'backup', attempts: 2, httpStatus: 200, acceptedEarlier: true },
		});
		expect(hits).toHaveLength(2);
	});

	it('a 53 to the repeat of a user’s own idx is an error that names both possibilities, never “accepted”', async () => {
		serve(PRIMARY, 'post', '/sms.do', [502, 'Bad Gateway', { 'Content-Type': 'text/plain' }]);
		serve(BACKUP, 'post', '/sms.do', [200, { error: 53, message: 'idx already used' }]);
		const error = await failure(run(transportContext(tokenCredentials()), send({ idx: 'order-17', check_idx: '1' })));
		expect(error.context.smsapiCode).toBe(53);
		expect(error.description).toMatch(/either the first attempt had been accepted .* or this idx had already been used/);
		expect(error.description).toMatch(/Nothing was sent twice/);
		expect(hits).toHaveLength(2);
	});

	it('a 53 after a refused first attempt is still the user’s reused idx', async () => {
		const port = await closedPort();
		serve(BACKUP, 'post', '/sms.do', [200, { error: 53, message: 'idx already used' }]);
		const test = transportContext(tokenCredentials({ baseUrl: `http://127.0.0.1:${port}` }));
		const error = await failure(run(test, send({ idx: 'order-17', check_idx: 1 })));
		expect(error.context.smsapiCode).toBe(53);
		expect(error.context.address).toBe('backup');
	});

	it('transient 202 twice, then success: three attempts on the primary, 500 ms then 1 s', async () => {
		serve(PRIMARY, 'post', '/sms.do', [200, { error: 202, message: 'Too many' }], [200, { error: 202, message: 'Too many' }], [200, SEND_OK]);
		const backup = serve(BACKUP, 'post', '/sms.do', [200, SEND_OK]);
		const delays: number[] = [];
		const result = await run(transportContext(tokenCredentials()), send(), fastSettings(delays));

		expect(result.meta).toEqual({ address: 'primary', attempts: 3, httpStatus: 200 });
		expect(hitsOn(PRIMARY)).toHaveLength(3);
		expect(backup.isDone()).toBe(false);
		expect(delays).toEqual([500, 1000]);
	});

	it('HTTP 429 honours Retry-After, capped', async () => {
		serve(
			PRIMARY,
			'get',
			'/profile',
			[429, { message: 'Too many requests' }, { 'Content-Type': 'application/json', 'Retry-After': '2' }],
			[429, { message: 'Too many requests' }, { 'Content-Type': 'application/json', 'Retry-After': '600' }],
			[200, { points: 1 }],
		);
		const delays: number[] = [];
		const result = await run(transportContext(tokenCredentials()), profile, fastSettings(delays));
		expect(result.meta.attempts).toBe(3);
		expect(delays).toEqual([2000, 5000]);
		expect(hits.every((hit) => hit.host === PRIMARY)).toBe(true);
	});

	it('a create without idx is repeated after 429 and 203 (refused before processing)', async () => {
		serve(
			PRIMARY,
			'post',
			'/sms.do',
			[429, 'slow down', { 'Content-Type': 'text/plain' }],
			[200, { error: 203, message: 'Too many requests' }],
			[200, SEND_OK],
		);
		const result = await run(transportContext(tokenCredentials()), send());
		expect(result.meta).toEqual({ address: 'primary', attempts: 3, httpStatus: 200 });
	});

	it('a create without idx is NOT repeated after 999 or an unreadable 200', async () => {
		serve(PRIMARY, 'post', '/sms.do', [200, { error: 999, message: 'Internal error' }], [200, '<html>portal</html>', { 'Content-Type': 'text/html' }]);
		const backup = serve(BACKUP, 'post', '/sms.do', [200, SEND_OK]);
		const test = transportContext(tokenCredentials());
		const internal = await failure(run(test, send()));
		const unreadable = await failure(run(test, send()));

		expect(internal.message).toMatch(/may or may not have accepted/);
		expect(internal.description).toContain('error 999');
		expect(unreadable.message).toMatch(/may or may not have accepted/);
		expect(unreadable.description).toContain('could not be read');
		expect(hitsOn(PRIMARY)).toHaveLength(2);
		expect(backup.isDone()).toBe(false);
	});

	it('retries are bounded: a steady 202 gives exactly 4 attempts and the mapped error', async () => {
		const busy: Reply = [200, { error: 202, message: 'Too many simultaneous' }];
		serve(PRIMARY, 'post', '/sms.do', busy, busy, busy, busy, busy, busy);
		const delays: number[] = [];
		const error = await failure(run(transportContext(tokenCredentials()), send(), fastSettings(delays)));

		expect(hits).toHaveLength(4);
		expect(delays).toEqual([500, 1000, 2000]);
		expect(error.message).toMatch(/^SMSAPI error 202: too many simultaneous requests/);
		expect(error.description).toContain('Gave up after 4 attempts.');
		expect(error.httpCode).toBe('429');
		expect(error.context.attempts).toBe(4);
	});

	it('retries are bounded: a read failing everywhere alternates and stops after 4 attempts', async () => {
		const down: Reply = [503, 'down', { 'Content-Type': 'text/plain' }];
		serve(PRIMARY, 'get', '/profile', down, down, down);
		serve(BACKUP, 'get', '/profile', down, down, down);
		const delays: number[] = [];
		const error = await failure(run(transportContext(tokenCredentials()), profile, fastSettings(delays)));

		expect(hits.map((hit) => hit.host)).toEqual([PRIMARY, BACKUP, PRIMARY, BACKUP]);
		expect(delays).toEqual([1000, 2000]);
		expect(error.message).toBe('SMSAPI could not be reached for profile: the backup address answered HTTP 503');
		expect(error.httpCode).toBe('503');
	});

	it('a guarded create failing everywhere stops after 4 attempts and says a rerun with the same idx is safe', async () => {
		const down: Reply = [500, 'x', { 'Content-Type': 'text/plain' }];
		serve(PRIMARY, 'post', '/sms.do', down, down, down);
		serve(BACKUP, 'post', '/sms.do', down, down, down);
		const error = await failure(run(transportContext(tokenCredentials()), send({ idx: 'order-9', check_idx: 1 })));

		expect(hits.map((hit) => hit.host)).toEqual([PRIMARY, BACKUP, PRIMARY, BACKUP]);
		expect(hits.every((hit) => hit.body.idx === 'order-9' && hit.body.check_idx === '1')).toBe(true);
		expect(error.description).toContain('may or may not have accepted');
		expect(error.description).toContain('same idx is safe');
		expect(error.context.outcome).toBe('unknown');
	});

	it('without a backup address a read is retried on the primary with backoff', async () => {
		const down: Reply = [502, 'bad gateway', { 'Content-Type': 'text/plain' }];
		serve(PRIMARY, 'get', '/profile', down, down, down, down, down);
		const delays: number[] = [];
		const test = transportContext(tokenCredentials({ backupUrl: '' }));
		const error = await failure(run(test, profile, fastSettings(delays)));

		expect(hits).toHaveLength(4);
		expect(delays).toEqual([500, 1000, 2000]);
		expect(error.context.address).toBe('primary');
	});

	it('maxAttempts can be lowered', async () => {
		const down: Reply = [500, 'x', { 'Content-Type': 'text/plain' }];
		serve(PRIMARY, 'get', '/profile', down, down);
		serve(BACKUP, 'get', '/profile', down, down);
		await failure(run(transportContext(tokenCredentials()), profile, { ...fastSettings(), maxAttempts: 2 }));
		expect(hits).toHaveLength(2);
	});

	it('a cancelled execution is not repeated', async () => {
		const primary = serve(PRIMARY, 'get', '/profile', [200, {}]);
		const backup = serve(BACKUP, 'get', '/profile', [200, {}]);
		const test = transportContext(tokenCredentials());
		test.abort.abort();
		const error = await failure(run(test, profile));
		expect(error.message).toBe('The request to SMSAPI could not be made: the execution was cancelled');
		expect(primary.isDone()).toBe(false);
		expect(backup.isDone()).toBe(false);
	});
});
