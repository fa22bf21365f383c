/**
 * smsapiApiRequest (transport/smsapiApiRequest.ts) inside n8n-core's real ExecuteContext and
 * request helper, against nock (fake hosts) and real sockets on 127.0.0.1
 * (support/served-hosts.ts): what goes on the wire, how answers are read (after the run's turn to
 * read them: helpers/pacer.ts `Turns`), and which address.
 */
import { NodeOperationError } from 'n8n-workflow';

import { legacyCredentials, PASSWORD_MD5, PRIMARY, TOKEN, tokenCredentials, USERNAME } from '../support/n8n-context';
import { transportContext } from './support/context';
import { SEND_OK, hits, profile, run, send, serve, useServedHosts } from './support/served-hosts';

useServedHosts();

describe('what goes on the wire', () => {
	it('POST sms.do: form body with format=json first, booleans 1/0, User-Agent, bearer token', async () => {
		serve(PRIMARY, 'post', '/sms.do', [200, SEND_OK]);
		const test = transportContext(tokenCredentials());
		await run(test, send({ test: true, fast: false, param1: ['a', 'b'], empty: undefined }));

		expect(hits).toHaveLength(1);
		const [hit] = hits;
		expect(hit.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=utf-8');
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
		expect(hits[1].headers['content-type']).toBe('application/x-www-form-urlencoded; charset=utf-8');
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

describe('the transport’s beforeReading', () => {
	it('is awaited after the answer arrived and before it is read; the answer is read as before', async () => {
		serve(PRIMARY, 'post', '/sms.do', [200, SEND_OK]);
		const order: string[] = [];
		const parse = JSON.parse;
		jest.spyOn(JSON, 'parse').mockImplementation((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
			if (typeof text === 'string' && text.includes(SEND_OK.list[0].id)) order.push('parse');
			return parse(text, reviver) as unknown;
		});
		const test = transportContext(tokenCredentials());
		const result = await run(test, {
			...send(),
			beforeReading: async () => {
				order.push('beforeReading');
				await new Promise((resolve) => setTimeout(resolve, 5));
				order.push('turn given');
			},
		});
		jest.restoreAllMocks();
		expect(order).toEqual(['beforeReading', 'turn given', 'parse']);
		expect(result.data).toMatchObject({ count: expect.any(Number) });
	});
});
