/**
 * Values many items of a run share (helpers/sharedValues.ts): the same step from the same value
 * gives every item the same frozen value, made once; a value is still right (and frozen) once no
 * more are kept.
 */
import { sharedStep } from '../../nodes/Smsapi/helpers/sharedValues';

const add = (list: readonly string[], name: string): readonly string[] => sharedStep(list, name, () => [...list, name]);

describe('shared values', () => {
	it('gives every item the same frozen value for the same step, made once', () => {
		const start: readonly string[] = Object.freeze([]);
		const make = jest.fn(() => ['to']);
		const first = sharedStep(start, 'to', make);
		expect(sharedStep(start, 'to', make)).toBe(first);
		expect(make).toHaveBeenCalledTimes(1);
		expect(Object.isFrozen(first)).toBe(true);
		expect(() => (first as string[]).push('message')).toThrow(TypeError);
		// Another step, or the same step from another value, is another value.
		expect(add(start, 'message')).not.toBe(first);
		expect(add(first, 'message')).toEqual(['to', 'message']);
		expect(add(first, 'message')).toBe(add(first, 'message'));
	});

	it('still gives the right frozen values once it keeps no more (no value is lost or mixed up)', () => {
		const start: readonly string[] = Object.freeze([]);
		const values = Array.from({ length: 12_000 }, (_, i) => add(start, `name${i}`));
		values.forEach((value, i) => {
			expect(value).toEqual([`name${i}`]);
			expect(Object.isFrozen(value)).toBe(true);
		});
		// Those kept are found again; those past the limit are made anew, still right.
		expect(add(start, 'name0')).toBe(values[0]);
		expect(add(start, 'name11999')).not.toBe(values[11999]);
		expect(add(start, 'name11999')).toEqual(['name11999']);
	});
});
