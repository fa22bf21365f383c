/**
 * runInParallel (nodes/Smsapi/helpers/parallel.ts): tasks handed over in task order whatever order
 * they finish in, a pause (`between`) only between results handed over one right after the other,
 * and a task that stops the run starts no further task, pauses or not.
 */
import { runInParallel } from '../../nodes/Smsapi/helpers/parallel';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('runInParallel', () => {
	it('hands every task over in order, pausing between results that wait one behind the other', async () => {
		// Task 0 takes longest: 1-3 finish first and wait for it, then go in a row.
		const delays = [40, 5, 10, 15, 5, 5];
		const handed: number[] = [];
		const events: string[] = [];
		await runInParallel(delays.length, async (index) => {
			await sleep(delays[index]);
			return index * 10;
		}, {
			limit: 4,
			settled: (index, result) => {
				handed.push(index);
				events.push(`settled ${index}`);
				expect(result).toEqual({ ok: true, value: index * 10 });
				return true;
			},
			between: () => {
				events.push('pause');
				return sleep(1);
			},
		});
		expect(handed).toEqual([0, 1, 2, 3, 4, 5]);
		// After 0 the three waiting behind it follow, each after a pause; no pause after the last.
		expect(events.slice(0, 7)).toEqual(['settled 0', 'pause', 'settled 1', 'pause', 'settled 2', 'pause', 'settled 3']);
		expect(events[events.length - 1]).toBe('settled 5');
	});

	it('a task that stops the run: no task starts after its hand-over, also with pauses; those in flight are still handed over', async () => {
		const started: number[] = [];
		const handed: number[] = [];
		let startedAtStop = -1;
		await runInParallel(40, async (index) => {
			started.push(index);
			await sleep(index === 0 ? 25 : 5);
			if (index === 1) throw new Error('refused');
			return index;
		}, {
			limit: 3,
			settled: (index, result) => {
				handed.push(index);
				if (!result.ok) startedAtStop = started.length;
				return result.ok;
			},
			between: () => sleep(3),
		});
		expect(startedAtStop).toBeGreaterThan(0);
		expect(started).toHaveLength(startedAtStop);
		expect(handed).toEqual([...started].sort((a, b) => a - b));
	});

	it('a hand-over that takes turns of its own (a promise) ends before the next one starts, in task order', async () => {
		const events: string[] = [];
		await runInParallel(6, async (index) => {
			await sleep(index % 2 === 0 ? 15 : 2);
			return index;
		}, {
			limit: 3,
			settled: async (index) => {
				events.push(`start ${index}`);
				await sleep(5);
				events.push(`end ${index}`);
				return true;
			},
		});
		expect(events).toEqual([0, 1, 2, 3, 4, 5].flatMap((index) => [`start ${index}`, `end ${index}`]));
	});
});
