/**
 * The guard sits in the request path: the node's own operations that would cost or reach a phone
 * (a real send, an HLR lookup) are refused by the gateway and never reach the service (here the
 * emulator, which records everything it receives).
 */
import { startGateway, type Gateway } from '../../scripts/live-check/gateway';
import { NodeRunner } from '../../scripts/live-check/n8n-node';
import { emulatorRequests } from '../e2e/harness/smsapi';
import { startEmulator, type Emulator } from '../emulator';

// The transport repeats a refused legacy request on the backup after a pause, as it would a failing service.
jest.setTimeout(60_000);

let emu: Emulator;
let gateway: Gateway;
let node: NodeRunner;

beforeAll(async () => {
	emu = await startEmulator({ quiet: true, dlrDelayMs: 600_000 });
	gateway = await startGateway({ primary: emu.primaryUrl, backup: emu.backupUrl }, { allowWrites: false });
	node = await NodeRunner.start({
		credential: { authentication: 'token', token: 'test-token', platform: 'custom', baseUrl: gateway.primaryUrl, backupUrl: gateway.backupUrl },
		webhookBaseUrl: 'https://example.com/webhook',
	});
});
afterAll(async () => {
	await node.shutdown();
	await gateway.close();
	await emu.stop();
});

test('a send without test=1 through the node is refused before it leaves', async () => {
	const result = await node.operation({ resource: 'sms', operation: 'send', to: '48500000001', message: 'would be real' });
	expect(result.ok).toBe(false);
	expect(gateway.exchanges.filter((e) => e.request.path === '/sms.do').every((e) => /without test=1/.test(e.refused ?? ''))).toBe(true);
	expect(await emulatorRequests(emu, { path: 'sms.do' })).toEqual([]);
	expect(emu.state.messages).toEqual([]);
});

test("the node's HLR lookup is refused before it leaves", async () => {
	const result = await node.operation({ resource: 'hlr', operation: 'lookup', numbers: '48500000001' });
	expect(result.ok).toBe(false);
	expect(gateway.exchanges.some((e) => e.request.path === '/hlr.do' && /charged/.test(e.refused ?? ''))).toBe(true);
	expect(await emulatorRequests(emu, { path: 'hlr.do' })).toEqual([]);
});

test('an allowed request passes unchanged and its answer is kept', async () => {
	const result = await node.operation({ resource: 'account', operation: 'getProfile' });
	expect(result.ok).toBe(true);
	const profile = gateway.exchanges.find((e) => e.request.path === '/profile');
	expect(profile?.response?.status).toBe(200);
	const received = await emulatorRequests(emu, { path: 'profile' });
	expect(received).toHaveLength(1);
	expect(received[0].headers.authorization).toBe('Bearer <redacted>');
	expect(JSON.parse(profile!.response!.body)).toEqual(JSON.parse(received[0].responseBody as string));
});
