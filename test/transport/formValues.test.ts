/**
 * Parameter values as the service reads them on the wire (transport/formValues.ts): booleans 1/0,
 * lists comma-separated, dates in ISO 8601, objects as JSON, nothing for undefined, null or a
 * number that is none; the form body URL-encoded.
 */
import { flattenParameters, formEncode, formValue } from '../../nodes/Smsapi/transport/formValues';

describe('form values', () => {
	it('one value as the service expects it', () => {
		expect([formValue(true), formValue(false), formValue(0), formValue(1.5), formValue('a b')]).toEqual(['1', '0', '0', '1.5', 'a b']);
		expect(formValue(new Date(Date.UTC(2030, 0, 31, 10)))).toBe('2030-01-31T10:00:00.000Z');
		expect(formValue(['48500', 48600, true, null, undefined])).toBe('48500,48600,1');
		expect(formValue({ a: 1 })).toBe('{"a":1}');
		expect([formValue(undefined), formValue(null), formValue(Number.NaN), formValue(Infinity)]).toEqual([undefined, undefined, undefined, undefined]);
	});

	it('drops what has no value when flattening', () => {
		expect(flattenParameters({ to: ['1', '2'], test: true, idx: undefined, from: null, fast: 0 })).toEqual({ to: '1,2', test: '1', fast: '0' });
		expect(flattenParameters(undefined)).toEqual({});
	});

	it('encodes a form body (spaces, &, =, Unicode)', () => {
		expect(formEncode({ message: 'Zażółć & co = 100%', to: '48500' })).toBe('message=Za%C5%BC%C3%B3%C5%82%C4%87+%26+co+%3D+100%25&to=48500');
	});
});
