import { startEmulator, type Emulator } from '../emulator';
import { createN8n, E2E_SETUP_TIMEOUT_MS, n8nLines, SMSAPI_CREDENTIAL_TYPE, smsapiTokenCredentialData, type N8nInstance } from './harness';

const trigger = { name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };

describe.each(n8nLines())('probe $line', (line) => {
	let emulator: Emulator;
	let n8n: N8nInstance;
	let ids: string[];
	beforeAll(async () => {
		emulator = await startEmulator({ port: 0, quiet: true, credits: 100000 });
		n8n = await createN8n({ line, label: 'sms-probe' });
		const [cred] = await n8n.importCredentials([{ type: SMSAPI_CREDENTIAL_TYPE, name: 'c', data: smsapiTokenCredentialData(emulator) }]);
		const c = { smsapiApi: { id: cred.id, name: cred.name } };
		ids = await n8n.importWorkflows([
			{ name: 'code', nodes: [trigger, { name: 'Code', type: 'n8n-nodes-base.code', typeVersion: 2, position: [200, 0], parameters: { jsCode: 'return Array.from({length: 1000}, (_, i) => ({json: {i, n: String(48500100000 + i)}}));' } }], connections: { 'Manual Trigger': { main: [[{ node: 'Code', type: 'main', index: 0 }]] } }, settings: { executionOrder: 'v1' } },
			{ name: 'set', nodes: [trigger,
				{ name: 'Set', type: 'n8n-nodes-base.set', typeVersion: 3.4, position: [200, 0], parameters: { mode: 'raw', jsonOutput: '={{ JSON.stringify({ rows: Array.from({length: 1000}, (_, i) => ({ i, n: String(48500100000 + i) })) }) }}' } },
				{ name: 'Split Out', type: 'n8n-nodes-base.splitOut', typeVersion: 1, position: [400, 0], parameters: { fieldToSplitOut: 'rows', include: 'noOtherFields' } }],
				connections: { 'Manual Trigger': { main: [[{ node: 'Set', type: 'main', index: 0 }]] }, Set: { main: [[{ node: 'Split Out', type: 'main', index: 0 }]] } }, settings: { executionOrder: 'v1' } },
			{ name: 'template', nodes: [trigger, { name: 'SMSAPI', type: 'n8n-nodes-smsapi-plus.smsapi', typeVersion: 1, position: [200, 0], parameters: { resource: 'sms', operation: 'send', to: '48500000001', message: '', options: { template: 'welcome', param1: 'Anna', param2: 'MyShop' } }, credentials: c }], connections: { 'Manual Trigger': { main: [[{ node: 'SMSAPI', type: 'main', index: 0 }]] } }, settings: { executionOrder: 'v1' } },
		]);
	}, E2E_SETUP_TIMEOUT_MS);
	afterAll(async () => { await n8n?.stop(); await emulator?.stop(); });
	for (const [i, what] of ['code', 'set', 'template'].entries()) {
		it(what, async () => {
			const t = Date.now();
			const run = await n8n.execute(ids[i]);
			const rd = run.runData;
			const summary = Object.fromEntries(Object.entries(rd).map(([k, v]) => [k, { n: v[0]?.data?.main?.[0]?.length, first: v[0]?.data?.main?.[0]?.[0], err: v[0]?.error?.message }]));
			console.log(line.line, what, Date.now() - t, 'ms', run.exitCode, JSON.stringify(run.error)?.slice(0, 600), JSON.stringify(summary).slice(0, 800));
		}, 120000);
	}
});
