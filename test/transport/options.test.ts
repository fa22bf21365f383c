/**
 * The n8n request options of one attempt (transport/options.ts): the address joined with exactly
 * one slash, `format=json` on legacy endpoints (first in a POST body, in the query otherwise, the
 * user's `format` replaced), GET and DELETE parameters in the query, bodies form-encoded with their
 * charset, JSON for REST requests that ask for it, multipart with its boundary, every status resolved
 * and the body read as bytes, the package's User-Agent, the request's own timeout first.
 */
import { buildHttpRequestOptions, DEFAULT_TIMEOUT_MS } from '../../nodes/Smsapi/transport/options';
import { USER_AGENT } from '../../nodes/Smsapi/transport/version';

describe('the options of one attempt', () => {
	it('a legacy send: POST to <base>/sms.do, format=json first in the form body, every status resolved, bytes back', () => {
		const options = buildHttpRequestOptions({ safeToRepeat: false, method: 'POST', endpoint: '/sms.do', body: { to: ['48500', '48600'], message: 'Hi & bye', test: true } }, 'https://api.smsapi.com/');
		expect(options).toMatchObject({
			method: 'POST',
			url: 'https://api.smsapi.com/sms.do',
			timeout: DEFAULT_TIMEOUT_MS,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			json: false,
			encoding: 'arraybuffer',
			body: 'format=json&to=48500%2C48600&message=Hi+%26+bye&test=1',
		});
		expect(options.headers).toMatchObject({ 'User-Agent': USER_AGENT, 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' });
		expect(options.qs).toBeUndefined();
	});

	it("a legacy GET: its parameters in the query with format=json, the user's own format replaced", () => {
		expect(buildHttpRequestOptions({ safeToRepeat: true, method: 'GET', endpoint: 'user.do', qs: { credits: 1 } }, 'https://api.smsapi.pl')).toMatchObject({ url: 'https://api.smsapi.pl/user.do', qs: { format: 'json', credits: '1' } });
		expect(buildHttpRequestOptions({ safeToRepeat: false, method: 'POST', endpoint: 'sms.do', body: { format: 'xml', to: '1' } }, 'https://x').body).toBe('format=json&to=1');
	});

	it('a REST DELETE carries its parameters in the query, no body and no format', () => {
		const options = buildHttpRequestOptions({ safeToRepeat: true, method: 'DELETE', endpoint: 'contacts/abc', body: { force: true } }, 'https://api.smsapi.com');
		expect(options).toMatchObject({ url: 'https://api.smsapi.com/contacts/abc', qs: { force: '1' } });
		expect(options.body).toBeUndefined();
	});

	it('a REST request as JSON when it asks for it; a legacy one stays a form', () => {
		const rest = buildHttpRequestOptions({ safeToRepeat: false, method: 'POST', endpoint: 'mfa/codes', body: { phone_number: '48500', fast: true }, bodyFormat: 'json' }, 'https://x');
		expect(rest.body).toBe('{"phone_number":"48500","fast":true}');
		expect(rest.headers).toMatchObject({ 'Content-Type': 'application/json' });
		expect(buildHttpRequestOptions({ safeToRepeat: false, method: 'POST', endpoint: 'sms.do', body: { to: '1' }, bodyFormat: 'json' }, 'https://x').body).toBe('format=json&to=1');
	});

	it("a multipart body with the run's boundary, and no multipart without its file and boundary", () => {
		const file = { field: 'file', filename: 'a.wav', contentType: 'audio/wav', data: Buffer.from('RIFF') };
		const options = buildHttpRequestOptions({ safeToRepeat: false, method: 'POST', endpoint: 'vms.do', body: { to: '48500' }, bodyFormat: 'multipart', file }, 'https://x', 5_000, 'b0undary');
		expect(options.headers).toMatchObject({ 'Content-Type': expect.stringContaining('b0undary') });
		expect(Buffer.isBuffer(options.body) && options.body.includes('RIFF')).toBe(true);
		expect(options.timeout).toBe(5_000);
		expect(() => buildHttpRequestOptions({ safeToRepeat: false, method: 'POST', endpoint: 'vms.do', bodyFormat: 'multipart' }, 'https://x')).toThrow('A multipart body needs its file and boundary');
	});

	it("takes the request's own timeout over the run's", () => {
		expect(buildHttpRequestOptions({ safeToRepeat: true, method: 'GET', endpoint: 'profile', timeout: 1_234 }, 'https://x', 9_999).timeout).toBe(1_234);
	});
});
