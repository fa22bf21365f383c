/**
 * Values many items of a run share (helpers/sharedValues.ts): one frozen value per content, the
 * same one whichever way it was reached, and still the right (frozen) value once no more are kept.
 */
import { sharedStep } from '../../nodes/Smsapi/helpers/sharedValues';

const START: readonly string[] = Object.freeze([]);
const add = (list: readonly string[], name: string): readonly string[] =>
	sharedStep(
		list,
		name,
		() => `test\n${[...list, name].sort().join('\n')}`,
		() => [...list, name],
	);

describe('shared values', () => {
	it('gives every item the same frozen value for the same step, made once', () => {
		const make = jest.fn(() => ['to']);
		const first = sharedStep(START, 'to', () => 'test-once\nto', make);
		const second = sharedStep(START, 'to', () => 'test-once\nto', make);
		expect(second).toBe(first);
		expect(make).toHaveBeenCalledTimes(1);
		expect(Object.isFrozen(first)).toBe(true);
		expect(() => (first as string[]).push('message')).toThrow(TypeError);
	});

	it('gives the value kept under a key, whichever value it was reached from', () => {
		const viaTo = add(add(START, 'to'), 'message');
		const viaMessage = add(add(START, 'message'), 'to');
		// The key sorts the names here: both ways reach the same content, so the same value.
		expect(viaMessage).toBe(viaTo);
		expect(viaTo).toEqual(['to', 'message']);
	});

	it('still gives the right frozen values once it keeps no more (no value is lost or mixed up)', () => {
		const values = Array.from({ length: 1500 }, (_, i) => add(START, `name${i}`));
		values.forEach((value, i) => {
			expect(value).toEqual([`name${i}`]);
			expect(Object.isFrozen(value)).toBe(true);
		});
		// Each step is still remembered from its own start.
		expect(add(START, 'name1400')).toBe(values[1400]);
	});
});
