/**
 * helpers/pacer.ts `Turns`: the answers of a run's parallel requests are read one per turn of the
 * event loop, however many arrived together; and the transport waits for its turn after the answer
 * arrived and before it reads it (`beforeReading`).
 */
import { Turns } from '../../nodes/Smsapi/helpers/pacer';
import { tokenCredentials, PRIMARY } from '../support/n8n-context';
import { transportContext } from '../transport/support';
import { SEND_OK, run, send, serve, useServedHosts } from '../transport/request-support';

useServedHosts();

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

describe('the transport’s beforeReading', () => {
	it('is awaited after the answer arrived and before it is read; the answer is read as before', async () => {
		serve(PRIMARY, 'post', '/sms.do', [200, SEND_OK]);
		const order: string[] = [];
		const parse = JSON.parse;
		jest.spyOn(JSON, 'parse').mockImplementation((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
			if (typeof text === 'string' && text.includes(SEND_OK.list[0].id)) order.push('parse');
			return parse(text, reviver) as unknown;
		});
		const test = transportContext(tokenCredentials());
		const result = await run(test, {
			...send(),
			beforeReading: async () => {
				order.push('beforeReading');
				await new Promise((resolve) => setTimeout(resolve, 5));
				order.push('turn given');
			},
		});
		jest.restoreAllMocks();
		expect(order).toEqual(['beforeReading', 'turn given', 'parse']);
		expect(result.data).toMatchObject({ count: expect.any(Number) });
	});
});
