import type { Emulator } from './index';
import { post, startTestEmulator } from './helpers';

let emu: Emulator;

beforeAll(async () => {
	emu = await startTestEmulator({ latencyMs: 150, maxConcurrentSms: 2 });
});
afterAll(async () => {
	await emu.stop();
});

const send = (to: string) => post(`${emu.primaryUrl}/sms.do`, { to, message: 'hello', format: 'json' });
const load = async () => (await fetch(`${emu.controlUrl}/load`)).json();

describe('simultaneous sends (load.ts)', () => {
	test('over the cap a send is refused unprocessed with error 202; under it every send is accepted', async () => {
		await fetch(`${emu.controlUrl}/load`, { method: 'DELETE' });
		const before = emu.state.messages.length;
		const replies = await Promise.all(['48500000001', '48500000002', '48500000003', '48500000004'].map(send));
		const codes = replies.map((reply) => reply.json().error ?? 'ok');
		expect(codes.filter((code) => code === 202)).toHaveLength(2);
		expect(codes.filter((code) => code === 'ok')).toHaveLength(2);
		// Refused sends were not processed: only the two admitted ones are messages.
		expect(emu.state.messages.length - before).toBe(2);
		expect(await load()).toMatchObject({ maxConcurrentSms: 2, sends: 4, refusedTooMany: 2, peakSendsInFlight: 2, sendsInFlight: 0 });

		// One after another: never refused.
		await fetch(`${emu.controlUrl}/load`, { method: 'DELETE' });
		for (const to of ['48500000005', '48500000006', '48500000007']) expect((await send(to)).json().error).toBeUndefined();
		expect(await load()).toMatchObject({ sends: 3, refusedTooMany: 0, peakSendsInFlight: 1 });
	});

	test('the latency applies to every answer and the cap can be changed (0 = none)', async () => {
		await fetch(`${emu.controlUrl}/load`, { method: 'POST', body: JSON.stringify({ maxConcurrentSms: 0 }), headers: { 'Content-Type': 'application/json' } });
		await fetch(`${emu.controlUrl}/load`, { method: 'DELETE' });
		const started = Date.now();
		const replies = await Promise.all(['48500000011', '48500000012', '48500000013', '48500000014'].map(send));
		expect(Date.now() - started).toBeGreaterThanOrEqual(140);
		expect(replies.every((reply) => reply.json().error === undefined)).toBe(true);
		expect(await load()).toMatchObject({ maxConcurrentSms: 0, refusedTooMany: 0, peakSendsInFlight: 4 });
	});
});
