/**
 * A number already on the blacklist and a template name in use (issue 29, finding 10), through
 * n8n's engine against the emulator in both of its answers to a duplicate: 409 (`conflict`, its
 * answer so far) and what the published API documents (`published`: a blacklist POST's 400 with a
 * field error; a template POST's 201, which would create a second template of that name). The
 * node gives the same result in both: it looks at the list instead of relying on the answer.
 */
import { control } from '../e2e/sms/support';
import type { WorkflowJson } from './harness';
import { recorded, resourceCredentials } from './resource-fixtures';
import { nodeJson as jsonOf } from './run-result';
import { useEmulatorSuite } from './suite';

type Parameters = Record<string, unknown>;

const CHAIN: Array<[string, Parameters]> = [
	['Blacklist Add', { resource: 'blacklist', operation: 'add', phoneNumber: '48500000003' }],
	['Blacklist Again', { resource: 'blacklist', operation: 'add', phoneNumber: '48500000003' }],
	['Blacklist Ignore', { resource: 'blacklist', operation: 'add', phoneNumber: '+48 500 000 003', options: { ignoreExisting: true } }],
	['Blacklist Other', { resource: 'blacklist', operation: 'add', phoneNumber: '48500000004', options: { ignoreExisting: true } }],
	['Template Create', { resource: 'template', operation: 'create', name: 'dup', template: 'Hi [%1%]' }],
	['Template Again', { resource: 'template', operation: 'create', name: 'dup', template: 'Hello [%1%]' }],
];

function chainWorkflow(credential: { id: string; name: string }): WorkflowJson {
	const nodes: object[] = [{ id: 'dup-trigger', name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }];
	const connections: Record<string, { main: Array<Array<{ node: string; type: string; index: number }>> }> = {};
	let previous = 'Manual Trigger';
	CHAIN.forEach(([name, parameters], column) => {
		nodes.push({
			id: `dup-${column}`,
			name,
			type: 'n8n-nodes-smsapi-plus.smsapi',
			typeVersion: 1.1,
			position: [220 * (column + 1), 0],
			parameters,
			credentials: { smsapiApi: credential },
			executeOnce: true,
			onError: 'continueRegularOutput',
		});
		connections[previous] = { main: [[{ node: name, type: 'main', index: 0 }]] };
		previous = name;
	});
	return { name: 'duplicates', nodes, connections, settings: { executionOrder: 'v1' } };
}

describe('in-process n8n: duplicates on the blacklist and among templates, whatever the service answers', () => {
	const suite = useEmulatorSuite({ credentials: resourceCredentials, loadFixture: (_name, credentials) => chainWorkflow(credentials.token) });
	const emulator = () => suite.emulator();

	beforeEach(() => emulator().reset());

	for (const answer of ['conflict', 'published'] as const) {
		it(`emulator answering duplicates as "${answer}": a clear error, the existing entry with Ignore If Already Blacklisted, no second template`, async () => {
			await control(emulator(), 'POST', 'duplicates', { answer });
			const run = await suite.run('duplicates');
			expect(run.error).toBeUndefined();
			const one = (node: string) => jsonOf(run, node)[0];

			const added = one('Blacklist Add');
			expect(added).toMatchObject({ phone_number: '48500000003', id: expect.any(String) });
			expect(one('Blacklist Again').error).toBe('48500000003 is already on the blacklist');
			expect(one('Blacklist Ignore')).toEqual({ ...added, already_blacklisted: true });
			expect(one('Blacklist Other')).toMatchObject({ phone_number: '48500000004' });
			expect(one('Blacklist Other').already_blacklisted).toBeUndefined();
			expect(one('Template Create')).toMatchObject({ name: 'dup', template: 'Hi [%1%]' });
			expect(one('Template Again').error).toBe('A template named "dup" exists already');

			const state = await control<{ blacklist: Array<{ phone_number: string }> }>(emulator(), 'GET', 'more-state');
			expect(state.blacklist.map((entry) => entry.phone_number)).toEqual(['48500000003', '48500000004']);
			const templates = (await recorded(emulator(), '/sms/templates')).filter((request) => request.method === 'POST');
			// Looked up first: the second template was never posted.
			expect(templates).toHaveLength(1);
			// Ignore If Already Blacklisted looked first: no POST for the listed number.
			const posts = (await recorded(emulator(), '/blacklist/phone_numbers')).filter((request) => request.method === 'POST');
			expect(posts.map((request) => JSON.parse(request.responseBody).phone_number ?? request.responseStatus)).toEqual([
				'48500000003',
				answer === 'conflict' ? 409 : 400,
				'48500000004',
			]);
		});
	}
});
