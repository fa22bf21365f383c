import type { Emulator } from './index';
import { control, post, request, startTestEmulator, TOKEN } from './helpers';

let emu: Emulator;

beforeAll(async () => {
	emu = await startTestEmulator();
});
afterAll(async () => {
	await emu.stop();
});
beforeEach(async () => {
	await fetch(`${emu.backupUrl}/__control/reset`, { method: 'POST' });
});

const send = (url: string, init: RequestInit = {}) =>
	fetch(`${url}/sms.do`, {
		method: 'POST',
		headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/x-www-form-urlencoded' },
		body: 'to=500000000&message=hello',
		...init,
	});

async function failureCode(promise: Promise<unknown>): Promise<string> {
	try {
		await promise;
	} catch (error) {
		const cause = (error as { cause?: { code?: string; name?: string } }).cause;
		return cause?.code ?? (error as Error).name;
	}
	throw new Error('request did not fail');
}

describe('faults per address', () => {
	test('500 on the primary for sms.do, limited by times; backup unaffected', async () => {
		await control(emu, 'faults', { address: 'primary', endpoint: 'sms.do', mode: '500', times: 2 });
		expect((await send(emu.primaryUrl)).status).toBe(500);
		expect((await send(emu.backupUrl)).status).toBe(200);
		expect((await request(`${emu.primaryUrl}/profile`)).status).toBe(200);
		expect((await send(emu.primaryUrl)).status).toBe(500);
		expect((await send(emu.primaryUrl)).status).toBe(200);
		expect(emu.state.messages.map((m) => m.address)).toEqual(['backup', 'primary']);
		const recorded = await control(emu, 'requests?path=/sms.do');
		expect(recorded.map((r: { address: string; responseStatus: number }) => [r.address, r.responseStatus])).toEqual([
			['primary', 500],
			['backup', 200],
			['primary', 500],
			['primary', 200],
		]);
	});

	test('hang on the backup: no answer (client times out), nothing sent; cleared with DELETE', async () => {
		await control(emu, 'faults', { address: 'backup', mode: 'hang' });
		const code = await failureCode(send(emu.backupUrl, { signal: AbortSignal.timeout(300) }));
		expect(code).toMatch(/TimeoutError|AbortError/);
		expect((await send(emu.primaryUrl)).status).toBe(200);
		await control(emu, 'faults', undefined, 'DELETE');
		expect((await send(emu.backupUrl)).status).toBe(200);
		expect(emu.state.messages).toHaveLength(2);
		expect(emu.state.requests.find((r) => r.address === 'backup')?.responseStatus).toBe('hang');
	});

	test('404 for one method of one endpoint: POST /callbacks refused as the REST interface refuses, GET /callbacks answered', async () => {
		await control(emu, 'faults', { address: 'primary', endpoint: 'callbacks', method: 'post', mode: '404' });
		const register = () =>
			fetch(`${emu.primaryUrl}/callbacks`, {
				method: 'POST',
				headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
				body: JSON.stringify({ type: 'sms_dlr', url: 'http://127.0.0.1:9/dlr' }),
			});
		const refused = await register();
		expect(refused.status).toBe(404);
		expect(await refused.json()).toEqual({ message: 'Not found', error: 'not_found', developer_description: null, errors: null });
		expect((await register()).status).toBe(404);
		expect((await request(`${emu.primaryUrl}/callbacks`)).status).toBe(200);
		expect((await register()).status).toBe(404);
		expect(emu.state.callbacks).toEqual([]);
		await control(emu, 'faults', undefined, 'DELETE');
		expect((await register()).status).toBe(201);
	});

	test('reset on the primary: the connection is torn down', async () => {
		await control(emu, 'faults', { address: 'primary', mode: 'reset', times: 1 });
		const code = await failureCode(send(emu.primaryUrl));
		expect(code).toMatch(/ECONNRESET|UND_ERR_SOCKET|EPIPE/);
		expect(emu.state.messages).toHaveLength(0);
		expect((await send(emu.primaryUrl)).status).toBe(200);
	});

	test('lost on the primary: the send is accepted and charged, but the answer never arrives', async () => {
		await control(emu, 'faults', { address: 'primary', endpoint: 'sms.do', mode: 'lost', times: 1 });
		const code = await failureCode(send(emu.primaryUrl));
		expect(code).toMatch(/ECONNRESET|UND_ERR_SOCKET|EPIPE/);
		expect(emu.state.messages).toHaveLength(1);
		expect(emu.state.requests[0]).toMatchObject({ responseStatus: 'lost', fault: 'lost' });
		expect(String(emu.state.requests[0].responseBody)).toMatch(/^OK:\d+:0.165$/);
	});

	test('refuse closes the listener; control stays reachable on the backup; DELETE reopens', async () => {
		await control(emu, 'faults', { address: 'primary', mode: 'refuse' });
		expect(await failureCode(send(emu.primaryUrl))).toBe('ECONNREFUSED');
		const state = (await (await fetch(`${emu.backupUrl}/__control/state`)).json()) as { listeners: unknown };
		expect(state.listeners).toEqual({ primary: false, backup: true });
		expect((await send(emu.backupUrl)).status).toBe(200);
		await fetch(`${emu.backupUrl}/__control/faults`, { method: 'DELETE' });
		expect((await send(emu.primaryUrl)).status).toBe(200);
	});

	test('refuse with ms reopens by itself; refuse with times is rejected', async () => {
		await control(emu, 'faults', { address: 'backup', mode: 'refuse', ms: 150 });
		expect(await failureCode(send(emu.backupUrl))).toBe('ECONNREFUSED');
		await new Promise((r) => setTimeout(r, 300));
		expect((await send(emu.backupUrl)).status).toBe(200);
		await expect(control(emu, 'faults', { address: 'backup', mode: 'refuse', times: 1 })).rejects.toThrow(/400/);
	});

	test('latency delays one address only', async () => {
		await control(emu, 'latency', { address: 'backup', ms: 250 });
		let start = Date.now();
		await send(emu.backupUrl);
		expect(Date.now() - start).toBeGreaterThanOrEqual(240);
		start = Date.now();
		await send(emu.primaryUrl);
		expect(Date.now() - start).toBeLessThan(200);
	});
});

describe('request recording', () => {
	test('records address, method, path, query, parsed body, redacted secrets and the answer', async () => {
		await post(`${emu.backupUrl}/sms.do?format=json`, { to: '500000000', message: 'Zażółć', access_token: TOKEN }, {});
		await request(`${emu.primaryUrl}/contacts?limit=2`);
		const [first, second] = await control(emu, 'requests');
		expect(first).toMatchObject({
			address: 'backup',
			method: 'POST',
			path: '/sms.do',
			query: { format: 'json' },
			body: { to: '500000000', message: 'Zażółć', access_token: '<redacted>' },
			authMethod: 'access_token',
			remoteAddress: '127.0.0.1',
			responseStatus: 200,
		});
		expect(JSON.parse(first.responseBody).count).toBe(1);
		expect(second).toMatchObject({ address: 'primary', method: 'GET', path: '/contacts', authMethod: 'bearer' });
		expect(second.headers.authorization).toBe('Bearer <redacted>');
		expect(await control(emu, 'requests?address=primary')).toHaveLength(1);
		expect(await control(emu, 'requests?path=sms.do')).toHaveLength(1);
		expect(await control(emu, `requests?since=${first.seq}`)).toEqual([second]);
	});
});
