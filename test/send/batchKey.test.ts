/**
 * The batch key of a send (send/batchKey.ts): what the sends of a request share (every wire
 * parameter but the recipients and their per-recipient values); two sends get the same key exactly
 * when they may share a request: the same shared parameters (values of any content, the key not
 * fooled by where one ends), the same per-recipient parameters used, the same uploaded file and
 * the same parts of a templated text; the last key reused only when all of that is the same.
 */
import { BatchKeys, sharedPart } from '../../nodes/Smsapi/send/batchKey';
import type { SendUpload } from '../../nodes/Smsapi/send/upload';

const upload = (sha256: string) => ({ sha256 }) as SendUpload;

describe('batch keys', () => {
	it('shares every parameter but the recipients and their values', () => {
		expect(sharedPart({ to: '48500000001', message: 'Hi', from: 'Shop', idx: 'a1', param1: 'Anna', test: '1' })).toEqual({ message: 'Hi', from: 'Shop', test: '1' });
	});

	it('gives sends the same key exactly when they may share a request', () => {
		const keys = new BatchKeys();
		const key = (wire: Record<string, string>, send: { upload?: SendUpload; parts?: number } = {}) => keys.of(wire, send);
		const base = key({ to: '1', message: 'Hi', from: 'Shop' });
		expect(key({ to: '2', message: 'Hi', from: 'Shop' })).toBe(base);
		expect(key({ from: 'Shop', to: '3', message: 'Hi' })).toBe(base);
		expect(key({ to: '2', message: 'Hi!', from: 'Shop' })).not.toBe(base);
		expect(key({ to: '2', message: 'Hi', from: 'Shop', idx: 'a' })).not.toBe(base);
		expect(key({ to: '2', message: 'Hi', from: 'Shop', idx: 'a' })).toBe(key({ to: '3', message: 'Hi', from: 'Shop', idx: 'b' }));
		expect(key({ to: '2', message: 'Hi', from: 'Shop' }, { upload: upload('f1') })).not.toBe(key({ to: '2', message: 'Hi', from: 'Shop' }, { upload: upload('f2') }));
		expect(key({ to: '2', message: 'Hi [%1%]' }, { parts: 1 })).not.toBe(key({ to: '2', message: 'Hi [%1%]' }, { parts: 2 }));
	});

	it('is not fooled by where one value ends and the next begins', () => {
		const keys = new BatchKeys();
		expect(keys.of({ to: '1', a: 'x;b', b: '' }, {})).not.toBe(keys.of({ to: '1', a: 'x', b: ';b' }, {}));
		expect(keys.of({ to: '1', message: 'a', from: 'b' }, {})).not.toBe(keys.of({ to: '1', message: 'ab', from: '' }, {}));
	});
});
