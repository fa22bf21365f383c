/**
 * Reading one callback request (callbacks/callbackInput.ts): bracket keys expanded into records
 * without prototype keys ever becoming properties (also through parseCallback), the node's own
 * query parameters left out, and query and body collected as one set of fields or a list of records
 * (JSON, a form body, a raw body n8n left unparsed), refused whole when too large before anything is
 * expanded.
 */
import { collect, expandFormKeys, normalizeIndexedObjects, withoutReserved } from '../../nodes/Smsapi/callbacks/callbackInput';
import { parseCallback } from '../../nodes/Smsapi/callbacks/callbackParsing';
import { PARSE_LIMITS } from '../../nodes/Smsapi/callbacks/limits';
import { ok } from './support/parsing';

/** A record as a plain object, to compare with toEqual (the reader builds them without prototype). */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('form keys', () => {
	it('expands bracket keys and ignores prototype keys', () => {
		const expanded = expandFormKeys({ 'a[0][b]': '1', 'a[1][b]': '2', '__proto__[polluted]': 'yes', 'constructor[x]': '1' });
		expect(normalizeIndexedObjects(expanded)).toEqual({ a: [{ b: '1' }, { b: '2' }] });
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		const viaParser = parseCallback('hlr', { query: {}, body: '__proto__[polluted]=yes&id=1' });
		expect(ok(viaParser).reports).toHaveLength(1);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	it("leaves out the node's own query parameter (secret) and unsafe keys", () => {
		expect(plain(withoutReserved({ secret: 's', MsgId: '1', constructor: 'x', status: '404' }))).toEqual({ MsgId: '1', status: '404' });
	});
});

describe('query and body, collected', () => {
	it('a GET delivery report: the query as fields, without the secret', () => {
		const collected = collect({ query: { MsgId: '1,2', status: '404,403', secret: 's' }, body: {} });
		expect(collected.kind).toBe('fields');
		expect(plain(collected)).toEqual({ kind: 'fields', fields: { MsgId: '1,2', status: '404,403' } });
	});

	it('query and a form body together as one set of fields, the body winning a name both carry', () => {
		expect(plain(collect({ query: { username: 'acme', sms_to: 'q' }, body: 'sms_from=48500&sms_to=48600' }))).toEqual({
			kind: 'fields',
			fields: { username: 'acme', sms_to: '48600', sms_from: '48500' },
		});
	});

	it('a JSON array body, an indexed form body and a raw body n8n left unparsed are lists of records', () => {
		expect(plain(collect({ query: {}, body: [{ id: '1' }, { id: '2' }] }))).toEqual({ kind: 'records', records: [{ id: '1' }, { id: '2' }] });
		expect(plain(collect({ query: {}, body: '0[id]=1&1[id]=2' }))).toEqual({ kind: 'records', records: [{ id: '1' }, { id: '2' }] });
		expect(plain(collect({ query: {}, body: {}, rawBody: '[{"id":"3"}]' }))).toEqual({ kind: 'records', records: [{ id: '3' }] });
	});

	it('nothing at all is empty; a body that is neither JSON nor a form is unreadable', () => {
		expect(collect({ query: {}, body: {} })).toEqual({ kind: 'empty' });
		expect(collect({ query: {}, body: 'not a form' })).toEqual({ kind: 'unreadable' });
		expect(collect({ query: {}, body: '{"broken":' })).toEqual({ kind: 'unreadable' });
	});

	it('a body beyond the limits is refused whole (413) before it is expanded', () => {
		expect(collect({ query: {}, body: `a=${'x'.repeat(PARSE_LIMITS.maxBodyLength)}` })).toMatchObject({ kind: 'tooLarge', status: 413 });
		expect(collect({ query: {}, body: {}, rawBody: 'x[]=1&'.repeat(PARSE_LIMITS.maxNodes + 1) })).toMatchObject({ kind: 'tooLarge', status: 413 });
	});
});
