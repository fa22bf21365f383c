/**
 * The credential's `authenticate` (credentials/SmsapiApiHelpers.ts) on the shapes of request the
 * transport makes: the earlier variant's login (username + md5 password) travels in the body of a
 * POST or PUT (form fields, or text parts of a multipart upload), where proxies and access logs do
 * not record it, and in the query of a GET; a body that cannot take it is refused, not given it in
 * the URL.
 */
import type { IHttpRequestOptions } from 'n8n-workflow';

import { applySmsapiAuthentication } from '../../credentials/SmsapiApiHelpers';

const legacy = { authentication: 'legacy', username: ' acme ', password: 'secret' };
const MD5 = '5ebe2294ecd0e0f08eab7690d2a6ee69';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

const authenticate = (options: IHttpRequestOptions) => applySmsapiAuthentication(legacy, options);

describe('the legacy login on the wire', () => {
	it('POST with a form body: appended to the body, nothing in the query', () => {
		const request: IHttpRequestOptions = {
			url: 'https://api.smsapi.com/sms.do',
			method: 'POST',
			headers: FORM,
			body: 'format=json&to=48500000001&message=Hi%20there',
		};
		const result = authenticate(request);
		expect(result.qs).toBeUndefined();
		expect(Object.fromEntries(new URLSearchParams(String(result.body)))).toEqual({
			format: 'json',
			to: '48500000001',
			message: 'Hi there',
			username: 'acme',
			password: MD5,
		});
		expect(request.body).toBe('format=json&to=48500000001&message=Hi%20there');
	});

	it('PUT with an empty form body: the body holds the login', () => {
		const result = authenticate({ url: '/x', method: 'PUT', headers: FORM, body: '' });
		expect(result.body).toBe(`username=acme&password=${MD5}`);
		expect(result.qs).toBeUndefined();
	});

	it('POST without a body: a form body is made for the login', () => {
		const result = authenticate({ url: '/x', method: 'POST' });
		expect(result.body).toBe(`username=acme&password=${MD5}`);
		expect(result.headers).toEqual(FORM);
		expect(result.qs).toBeUndefined();
	});

	it('POST with URLSearchParams or an object: the login joins the fields', () => {
		const params = authenticate({ url: '/x', method: 'POST', body: new URLSearchParams({ a: '1' }) });
		expect(String(params.body)).toBe(`a=1&username=acme&password=${MD5}`);
		const object = authenticate({ url: '/x', method: 'POST', body: { a: 1 } });
		expect(object.body).toEqual({ a: 1, username: 'acme', password: MD5 });
		expect(object.qs).toBeUndefined();
	});

	it('POST with a multipart body (a voice upload): two text parts in front of the others, nothing in the query', () => {
		const boundary = '----n8nSmsapiBoundary0123456789abcdef0123456789abcdef';
		const body = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="to"\r\n\r\n48500000001\r\n--${boundary}--\r\n`, 'utf8');
		const request: IHttpRequestOptions = { url: '/vms.do', method: 'POST', headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` }, body };
		const result = authenticate(request);
		expect(result.qs).toBeUndefined();
		expect(result.url).toBe('/vms.do');
		expect((result.body as Buffer).toString('utf8')).toBe(
			`--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\nacme\r\n` +
				`--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${MD5}\r\n` +
				body.toString('utf8'),
		);
		expect(request.body).toBe(body);
	});

	it.each([
		['a JSON text', { 'content-type': 'application/json' }, '{"a":1}'],
		['bytes that are no multipart body of that boundary', { 'content-type': 'multipart/form-data; boundary=xyz' }, Buffer.from('--abc\r\n')],
		['bytes without a content type', {}, Buffer.from('abc')],
	])('POST with %s: refused, never put in the query', (_name, headers, body) => {
		expect(() => authenticate({ url: '/x', method: 'POST', headers, body })).toThrow(
			/^The username and password login cannot go in the body of this POST request \(.*\), and is never put in its URL: use an access token$/,
		);
	});

	it.each(['GET', 'DELETE', undefined])('%s: in the query, with what was there', (method) => {
		const result = authenticate({ url: '/user.do', method: method as IHttpRequestOptions['method'], qs: { credits: 1 } });
		expect(result.qs).toEqual({ credits: 1, username: 'acme', password: MD5 });
		expect(result.body).toBeUndefined();
	});

	it('a token never touches query or body', () => {
		const result = applySmsapiAuthentication(
			{ authentication: 'token', token: 'tok' },
			{ url: '/sms.do', method: 'POST', body: 'a=1' },
		);
		expect(result).toEqual({ url: '/sms.do', method: 'POST', body: 'a=1', headers: { Authorization: 'Bearer tok' } });
	});
});
