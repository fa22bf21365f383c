/**
 * smsapiApiRequest end to end inside n8n-core's real ExecuteContext and request helper, against
 * nock (fake hosts) and real sockets on 127.0.0.1 (refused, hanging and resetting servers).
 */
import nock from 'nock';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { smsapiApiRequest } from '../../nodes/Smsapi/transport';
import type { SmsapiRequest, SmsapiResponse, TransportSettings } from '../../nodes/Smsapi/transport';
import {
	BACKUP,
	legacyCredentials,
	logs,
	PASSWORD,
	PASSWORD_MD5,
	PRIMARY,
	TOKEN,
	tokenCredentials,
	USERNAME,
} from '../helpers/n8n-context';
import { allStrings, closedPort, fastSettings, formOf, misbehavingServer, transportContext, type TransportContext } from './support';

interface Hit {
	host: string;
	method: string;
	path: string;
	query: Record<string, string>;
	body: Record<string, string>;
	headers: Record<string, unknown>;
}

let hits: Hit[];

beforeAll(() => {
	nock.disableNetConnect();
	nock.enableNetConnect('127.0.0.1');
});

beforeEach(() => {
	hits = [];
	logs.length = 0;
});

afterEach(() => {
	nock.cleanAll();
});

afterAll(() => {
	nock.enableNetConnect();
});

type Reply = [number, string | IDataObject | unknown[], Record<string, string>?];

/** Answers `replies` in order on `host` for `method path` (any query), recording every hit. */
function serve(host: string, method: 'get' | 'post' | 'put' | 'delete', path: string, ...replies: Reply[]): nock.Scope {
	const scope = nock(host);
	for (const reply of replies) {
		scope[method](path)
			.query(true)
			.reply(function (uri, body) {
				const url = new URL(uri, host);
				hits.push({
					host,
					method: method.toUpperCase(),
					path: url.pathname,
					query: Object.fromEntries(url.searchParams.entries()),
					body: formOf(body),
					headers: this.req.headers,
				});
				const [status, payload, headers] = reply;
				return [status, typeof payload === 'string' ? payload : JSON.stringify(payload), headers ?? { 'Content-Type': 'application/json' }];
			});
	}
	return scope;
}

const hitsOn = (host: string) => hits.filter((hit) => hit.host === host);

const SEND_OK = { count: 1, list: [{ id: '7074294081650020450', points: '0.3000', number: '48500000000', date_sent: 1598964973, submitted_number: '500000000', status: 'QUEUE', error: null, idx: null, parts: 1 }] };

function send(body: IDataObject = {}): SmsapiRequest {
	return { method: 'POST', endpoint: 'sms.do', body: { to: '48500000000', message: 'Hello', ...body }, safeToRepeat: false };
}

const profile: SmsapiRequest = { method: 'GET', endpoint: 'profile', safeToRepeat: true };

async function run(
	test: TransportContext,
	request: SmsapiRequest,
	settings: Partial<TransportSettings> = fastSettings(),
): Promise<SmsapiResponse> {
	return await smsapiApiRequest.call(test.context, request, settings);
}

async function failure(promise: Promise<unknown>): Promise<NodeApiError> {
	try {
		await promise;
	} catch (error) {
		expect(error).toBeInstanceOf(NodeApiError);
		return error as NodeApiError;
	}
	throw new Error('expected the request to fail');
}

describe('what goes on the wire', () => {
	it('POST sms.do: form body with format=json first, booleans 1/0, User-Agent, bearer token', async () => {
		serve(PRIMARY, 'post', '/sms.do', [200, SEND_OK]);
		const test = transportContext(tokenCredentials());
		await run(test, send({ test: true, fast: false, param1: ['a', 'b'], empty: undefined }));

		expect(hits).toHaveLength(1);
		const [hit] = hits;
		expect(hit.headers['content-type']).toBe('application/x-www-form-urlencoded');
		expect(hit.headers['user-agent']).toBe('n8n-nodes-smsapi-plus/0.1.0');
		expect(hit.headers.authorization).toBe(`Bearer ${TOKEN}`);
		expect(hit.query).toEqual({});
		expect(Object.keys(hit.body)[0]).toBe('format');
		expect(hit.body).toEqual({ format: 'json', to: '48500000000', message: 'Hello', test: '1', fast: '0', param1: 'a,b' });
		expect(test.sent[0]).toMatchObject({ timeout: 30_000, returnFullResponse: true, ignoreHttpStatusErrors: true });
	});

	it('GET user.do with the legacy login: format=json and the md5 pair in the query', async () => {
		serve(PRIMARY, 'get', '/user.do', [200, { points: '12.5000', proCount: 10 }]);
		const test = transportContext(legacyCredentials());
		const result = await run(test, { method: 'GET', endpoint: 'user.do', qs: { credits: 1, details: 1 }, safeToRepeat: true });

		expect(hits[0].query).toEqual({ format: 'json', credits: '1', details: '1', username: USERNAME, password: PASSWORD_MD5 });
		expect(hits[0].headers.authorization).toBeUndefined();
		expect(result.data).toEqual({ points: 12.5, proCount: 10 });
	});

	it('REST endpoints get no format=json; PUT bodies are form-encoded; a 204 gives {}', async () => {
		serve(PRIMARY, 'get', '/profile', [200, { name: 'ACME', points: 3 }]);
		serve(PRIMARY, 'put', '/contacts/5b83ba81a788494a04a2d9b4', [200, { id: '5b83ba81a788494a04a2d9b4', city: 'Kraków' }]);
		serve(PRIMARY, 'delete', '/contacts/5b83ba81a788494a04a2d9b4', [204, '']);
		const test = transportContext(tokenCredentials());

		expect((await run(test, profile)).data).toEqual({ name: 'ACME', points: 3 });
		await run(test, { method: 'PUT', endpoint: '/contacts/5b83ba81a788494a04a2d9b4', body: { city: 'Kraków' }, safeToRepeat: true });
		const deleted = await run(test, { method: 'DELETE', endpoint: 'contacts/5b83ba81a788494a04a2d9b4', safeToRepeat: true });

		expect(hits[0].query).toEqual({});
		expect(hits[1].headers['content-type']).toBe('application/x-www-form-urlencoded');
		expect(hits[1].body).toEqual({ city: 'Kraków' });
		expect(deleted).toEqual({ data: {}, meta: { address: 'primary', attempts: 1, httpStatus: 204 } });
	});

	it('POST with the legacy login: the md5 pair goes in the form body, never in the query string', async () => {
		serve(PRIMARY, 'post', '/sms.do', [200, SEND_OK]);
		const test = transportContext(legacyCredentials());
		await run(test, send());
		expect(hits[0].query).toEqual({});
		expect(hits[0].body).toEqual({
			format: 'json',
			to: '48500000000',
			message: 'Hello',
			username: USERNAME,
			password: PASSWORD_MD5,
		});
		expect(hits[0].headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
	});

	it('request.legacy adds format=json to another endpoint; a caller’s format is not doubled', async () => {
		serve(PRIMARY, 'get', '/prices', [200, []]);
		serve(PRIMARY, 'post', '/sms.do', [200, SEND_OK]);
		const test = transportContext(tokenCredentials());
		await run(test, { method: 'GET', endpoint: 'prices', safeToRepeat: true, legacy: true });
		await run(test, { ...send(), qs: { format: 'xml' } });

		expect(hits[0].query).toEqual({ format: 'json' });
		expect(hits[1].query).toEqual({ format: 'json' });
		expect(hits[1].body.format).toBeUndefined();
	});

	it('request.timeout overrides the default', async () => {
		serve(PRIMARY, 'get', '/profile', [200, {}]);
		const test = transportContext(tokenCredentials());
		await run(test, { ...profile, timeout: 1234 });
		expect(test.sent[0].timeout).toBe(1234);
	});

	it("the credential's Request Timeout (seconds) replaces the 30 s default; a request's own timeout still wins; empty or 0 keeps the default", async () => {
		serve(PRIMARY, 'get', '/profile', [200, {}], [200, {}], [200, {}], [200, {}]);
		const withTimeout = transportContext({ ...tokenCredentials(), timeout: 7.5 });
		await run(withTimeout, profile);
		await run(withTimeout, { ...profile, timeout: 1234 });
		expect(withTimeout.sent.map((options) => options.timeout)).toEqual([7500, 1234]);
		for (const timeout of ['', 0]) {
			const unset = transportContext({ ...tokenCredentials(), timeout });
			await run(unset, profile);
			expect(unset.sent[0].timeout).toBe(30_000);
		}
	});
});

describe('answers', () => {
	it('parses JSON sent as text/html and makes points a number', async () => {
		serve(PRIMARY, 'post', '/sms.do', [200, JSON.stringify(SEND_OK), { 'Content-Type': 'text/html; charset=UTF-8' }]);
		const result = await run(transportContext(tokenCredentials()), send());
		expect(result.data).toEqual({ ...SEND_OK, list: [{ ...SEND_OK.list[0], points: 0.3 }] });
		expect(result.meta).toEqual({ address: 'primary', attempts: 1, httpStatus: 200 });
	});

	it('parses a text answer when the service ignores format=json', async () => {
		serve(PRIMARY, 'post', '/sms.do', [200, 'OK:17101000090360359:0.165:48500000000;OK:17101000090360360:0.165:48500000001;', { 'Content-Type': 'text/plain' }]);
		const result = await run(transportContext(tokenCredentials()), send({ to: '48500000000,48500000001' }));
		expect(result.data).toEqual({
			count: 2,
			list: [
				{ id: '17101000090360359', points: 0.165, number: '48500000000' },
				{ id: '17101000090360360', points: 0.165, number: '48500000001' },
			],
		});
	});

	it('keeps the hlr.do shapes (object for one number, array for several) with price as number', async () => {
		serve(
			PRIMARY,
			'get',
			'/hlr.do',
			[200, { status: 'OK', number: '48100200300', id: '1a2', price: '0.1000' }],
			[200, [{ status: 'OK', number: '48100200300', id: '1a2', price: 0.1 }, { error: 13, number: '48500', status: 'ERROR' }]],
		);
		const test = transportContext(tokenCredentials());
		const one = await run(test, { method: 'GET', endpoint: 'hlr.do', qs: { number: '48100200300' }, safeToRepeat: false });
		const many = await run(test, { method: 'GET', endpoint: 'hlr.do', qs: { number: '48100200300,48500' }, safeToRepeat: false });
		expect(one.data).toEqual({ status: 'OK', number: '48100200300', id: '1a2', price: 0.1 });
		expect(many.data).toEqual([
			{ status: 'OK', number: '48100200300', id: '1a2', price: 0.1 },
			{ error: 13, number: '48500', status: 'ERROR' },
		]);
	});
});

describe('service errors', () => {
	it('a legacy HTTP 200 error body is a real answer: mapped, not retried, not sent to the backup', async () => {
		const invalid = [{ number: '48500', submitted_number: '500', message: 'Invalid phone number' }];
		serve(PRIMARY, 'post', '/sms.do', [200, { error: 13, message: 'No correct phone numbers', invalid_numbers: invalid }]);
		const backup = serve(BACKUP, 'post', '/sms.do', [200, SEND_OK]);
		const error = await failure(run(transportContext(tokenCredentials()), { ...send(), itemIndex: 3 }));

		expect(error.message).toMatch(/^SMSAPI error 13: no correct phone numbers/);
		expect(error.description).toContain('Rejected numbers: 48500 (as submitted: 500): Invalid phone number.');
		expect(error.context).toMatchObject({ smsapiCode: 13, invalidNumbers: invalid, attempts: 1, address: 'primary', itemIndex: 3 });
		expect(hitsOn(PRIMARY)).toHaveLength(1);
		expect(backup.isDone()).toBe(false);
	});

	it('a text ERROR:103 is mapped with its advice', async () => {
		serve(PRIMARY, 'post', '/sms.do', [200, 'ERROR:103', { 'Content-Type': 'text/plain' }]);
		const error = await failure(run(transportContext(tokenCredentials()), send()));
		expect(error.message).toMatch(/^SMSAPI error 103: not enough credits; nothing was sent\. Top up/);
		expect(hits).toHaveLength(1);
	});

	it('REST 401 is an answer: not retried, not sent to the backup', async () => {
		serve(PRIMARY, 'get', '/profile', [401, { message: 'Authorization failed', error: 'authorization_failed', developer_description: null, errors: null }]);
		const backup = serve(BACKUP, 'get', '/profile', [200, {}]);
		const error = await failure(run(transportContext(tokenCredentials()), profile));

		expect(error.message).toMatch(/^SMSAPI error authorization_failed: authorization failed\. Check the token/);
		expect(error.httpCode).toBe('401');
		expect(hits).toHaveLength(1);
		expect(backup.isDone()).toBe(false);
	});

	it('REST 409 contact_conflict and 415 are mapped, each after one attempt', async () => {
		serve(
			PRIMARY,
			'post',
			'/contacts',
			[409, { message: 'Contact already exists', error: 'contact_conflict', code: 409, errors: [], developer_description: null }],
			[415, { message: 'Unsupported Media Type' }],
		);
		const test = transportContext(tokenCredentials());
		const request: SmsapiRequest = { method: 'POST', endpoint: 'contacts', body: { phone_number: '48500000000' }, safeToRepeat: false };
		const conflict = await failure(run(test, request));
		const media = await failure(run(test, request));

		expect(conflict.context.smsapiCode).toBe('contact_conflict');
		expect(conflict.httpCode).toBe('409');
		expect(media.context.smsapiCode).toBe(415);
		expect(media.httpCode).toBe('415');
		expect(hits).toHaveLength(2);
	});

	it('a 53 on the very first attempt is the user’s reused idx, an error', async () => {
		serve(PRIMARY, 'post', '/sms.do', [200, { error: 53, message: 'idx already used' }]);
		const error = await failure(run(transportContext(tokenCredentials()), send({ idx: 'order-1', check_idx: 1 })));
		expect(error.message).toMatch(/^SMSAPI error 53: this idx was already used/);
		expect(hits).toHaveLength(1);
	});
});

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

describe('the credential’s addresses', () => {
	it('refuses a custom platform without a base URL', async () => {
		const test = transportContext(tokenCredentials({ baseUrl: '' }));
		await expect(run(test, profile)).rejects.toBeInstanceOf(NodeOperationError);
		await expect(run(test, profile)).rejects.toThrow("The SMSAPI credential's base URL is missing or not an http(s) address");
	});

	it('uses a custom base URL with a path and trailing slash', async () => {
		serve('http://proxy.smsapi.test', 'get', '/smsapi/profile', [200, { points: 1 }]);
		const result = await run(transportContext(tokenCredentials({ baseUrl: 'http://proxy.smsapi.test/smsapi/' })), profile);
		expect(result.data).toEqual({ points: 1 });
	});
});

describe('secrets never leave the credential', () => {
	function expectClean(error: NodeApiError, secrets: string[]) {
		const surfaces = [error.message, error.description ?? '', JSON.stringify(error), ...allStrings(error), ...logs.map((line) => line.message)];
		for (const secret of secrets) {
			for (const surface of surfaces) expect(surface).not.toContain(secret);
		}
	}

	it('token: a network failure on both addresses (n8n’s raw error carries the Authorization header)', async () => {
		const [primary, backup] = [await closedPort(), await closedPort()];
		const test = transportContext(tokenCredentials({ baseUrl: `http://127.0.0.1:${primary}`, backupUrl: `http://127.0.0.1:${backup}` }));
		const error = await failure(run(test, profile));

		expect(error.message).toMatch(/^SMSAPI could not be reached for profile: the (primary|backup) address refused the connection/);
		expect(error.cause).toBeUndefined();
		expectClean(error, [TOKEN]);
	});

	it('legacy: a failed create and a service message echoing the credentials', async () => {
		serve(PRIMARY, 'post', '/sms.do', [500, 'oops', { 'Content-Type': 'text/plain' }]);
		serve(PRIMARY, 'get', '/user.do', [200, { error: 102, message: `Bad login for username=${USERNAME}&password=${PASSWORD_MD5} (${PASSWORD})` }]);
		const test = transportContext(legacyCredentials());
		const uncertain = await failure(run(test, send()));
		const login = await failure(run(test, { method: 'GET', endpoint: 'user.do', qs: { credits: 1 }, safeToRepeat: true }));

		expect(hits[0].body.password).toBe(PASSWORD_MD5); // it really was on the wire
		expectClean(uncertain, [PASSWORD, PASSWORD_MD5]);
		expectClean(login, [PASSWORD, PASSWORD_MD5]);
		expect(login.message).toMatch(/^SMSAPI error 102: wrong username or password/);
		expect(login.description).toContain('[redacted]');
	});

	it('an error that is not a network failure is not repeated and is rebuilt without its raw details', async () => {
		const primary = serve(PRIMARY, 'get', '/profile', [200, {}]);
		const backup = serve(BACKUP, 'get', '/profile', [200, {}]);
		const test = transportContext(tokenCredentials(), {
			authenticate: () => {
				throw Object.assign(new Error(`cannot sign request with Bearer ${TOKEN}`), {
					config: { headers: { Authorization: `Bearer ${TOKEN}` } },
				});
			},
		});
		const error = await failure(run(test, profile));

		expect(error.message).toBe('The request to SMSAPI could not be made: cannot sign request with Bearer [redacted]');
		expect(error.cause).toBeUndefined();
		expect(primary.isDone()).toBe(false);
		expect(backup.isDone()).toBe(false);
		expectClean(error, [TOKEN]);
	});

	it('legacy: a network error (n8n’s raw error carries the md5 in its query)', async () => {
		const port = await closedPort();
		const test = transportContext(legacyCredentials({ baseUrl: `http://127.0.0.1:${port}`, backupUrl: '' }));
		const error = await failure(run(test, { method: 'GET', endpoint: 'user.do', qs: { credits: 1 }, safeToRepeat: true }));
		expectClean(error, [PASSWORD, PASSWORD_MD5]);
	});
});
