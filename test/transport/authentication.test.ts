/**
 * The credential's `authenticate` (credentials/SmsapiApiHelpers.ts) on the shapes of request the
 * transport makes: the earlier variant's login (username + md5 password) travels in the form body
 * of a POST or PUT, where proxies and access logs do not record it, and in the query of a GET.
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

	it('POST with a JSON text body: the body is left intact and the login goes to the query', () => {
		const result = authenticate({
			url: '/x',
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{"a":1}',
		});
		expect(result.body).toBe('{"a":1}');
		expect(result.qs).toEqual({ username: 'acme', password: MD5 });
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
