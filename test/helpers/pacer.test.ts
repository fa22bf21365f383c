/**
 * helpers/pacer.ts `Turns`: the answers of a run's parallel requests are read one per turn of the
 * event loop, however many arrived together. The transport's wait for its turn (`beforeReading`)
 * is in test/transport/smsapiApiRequest.wire.test.ts; `Pacer` through personalised sends in
 * test/send/personalise.test.ts.
 */
import { Turns } from '../../nodes/Smsapi/helpers/pacer';

describe('Turns', () => {
	it('turns asked for at the same moment come one per turn of the event loop, in the order asked', async () => {
		const turns = new Turns();
		const events: string[] = [];
		await Promise.all(
			[1, 2, 3].map(async (n) => {
				await turns.next();
				events.push(`turn ${n}`);
				// Runs only once the event loop has gone round: before the next turn if turns are apart.
				setImmediate(() => events.push(`loop after ${n}`));
			}),
		);
		await new Promise((resolve) => setImmediate(resolve));
		expect(events).toEqual(['turn 1', 'loop after 1', 'turn 2', 'loop after 2', 'turn 3', 'loop after 3']);
	});

	it('a turn asked for later waits for the earlier ones only', async () => {
		const turns = new Turns();
		await turns.next();
		const started = Date.now();
		await turns.next();
		expect(Date.now() - started).toBeLessThan(2_000);
	});
});
