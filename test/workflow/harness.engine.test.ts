/**
 * What the in-process workflow harness itself promises: n8n's static data rules (stored after
 * every run but a manual one, per workflow id), the workflow's time zone and the instance's
 * default, the execution and workflow ids n8n gives (the node derives its idx from them),
 * pinned output and given input, a clear refusal of what it cannot run, and a shutdown that
 * can be called twice.
 */
import * as fs from 'fs';
import * as path from 'path';

import { DateTime } from 'luxon';
import * as ts from 'typescript';
import type { IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

import { smsDoRequests } from '../e2e/sms/support';
import { WorkflowHarness, type WorkflowJson } from './harness';
import { nodeError, nodeItems, nodeJson } from './run-result';
import { useEmulatorSuite } from './suite';

/** A test's own node: counts its runs in the workflow's static data. */
const counterNode: INodeType = {
	description: {
		displayName: 'Counter',
		name: 'counter',
		group: ['transform'],
		version: 1,
		description: 'Counts its runs in the static data',
		defaults: { name: 'Counter' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const data = this.getWorkflowStaticData('global');
		data.count = ((data.count as number | undefined) ?? 0) + 1;
		return [[{ json: { count: data.count } }]];
	},
};

const node = (name: string, type: string, parameters: object = {}, extra: object = {}) => ({
	id: `id-${name}`,
	name,
	type,
	typeVersion: 1,
	position: [0, 0],
	parameters,
	...extra,
});

const chain = (...names: string[]) =>
	Object.fromEntries(names.slice(0, -1).map((name, i) => [name, { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] }]));

describe('in-process n8n: the workflow harness', () => {
	const suite = useEmulatorSuite({ emulator: { dlrDelayMs: 600_000 } });
	const emulator = () => suite.emulator();
	const smsapi = () => ({ smsapiApi: suite.credential('smsapiApi') });

	/** Manual Trigger -> SMSAPI send with these parameters. */
	const sendWorkflow = (parameters: object, settings: object = { executionOrder: 'v1' }): WorkflowJson => ({
		id: 'SendWorkflow0001',
		name: 'send',
		nodes: [
			node('Manual Trigger', 'n8n-nodes-base.manualTrigger'),
			node('SMSAPI', 'n8n-nodes-smsapi-plus.smsapi', { resource: 'sms', operation: 'send', ...parameters }, { credentials: smsapi() }),
		],
		connections: chain('Manual Trigger', 'SMSAPI'),
		settings,
	});

	beforeEach(() => emulator().reset());

	describe('static data', () => {
		let harness: WorkflowHarness;
		beforeAll(async () => {
			harness = await WorkflowHarness.start({ extraNodeTypes: { 'test.counter': counterNode } });
		});
		afterAll(() => harness.shutdown());

		const counting: WorkflowJson = {
			id: 'CountingWorkflow',
			nodes: [
				node('Schedule', 'n8n-nodes-base.scheduleTrigger', { rule: { interval: [{ field: 'hours' }] } }, { typeVersion: 1.2 }),
				node('Counter', 'test.counter'),
			],
			connections: chain('Schedule', 'Counter'),
			settings: { executionOrder: 'v1' },
		};
		const count = async (mode: 'trigger' | 'manual') =>
			nodeJson(await harness.run(counting, { mode, input: [{ timestamp: '2030-01-01T09:00:00Z' }] }), 'Counter')[0].count;

		it("a trigger run stores the static data it changed; the next run of that workflow id starts from it; a manual run's change is not stored", async () => {
			expect(await count('trigger')).toBe(1);
			expect(await count('trigger')).toBe(2);
			expect(harness.staticData('CountingWorkflow')).toEqual({ global: { count: 2 } });
			expect(await count('manual')).toBe(3);
			expect(harness.staticData('CountingWorkflow')).toEqual({ global: { count: 2 } });
			expect(await count('trigger')).toBe(3);
			const other = await harness.run({ ...counting, id: 'OtherWorkflow00' }, { mode: 'trigger' });
			expect(nodeJson(other, 'Counter')[0].count).toBe(1);
			const given = await harness.run(counting, { mode: 'trigger', staticData: { global: { count: 41 } } });
			expect(nodeJson(given, 'Counter')[0].count).toBe(42);
			expect(given.staticData).toEqual({ global: { count: 42 } });
		});

		it('in trigger mode the trigger passes the items it was given on; in manual mode it runs itself', async () => {
			const triggered = await harness.run(counting, { mode: 'trigger', input: [{ timestamp: 'given' }] });
			expect(nodeJson(triggered, 'Schedule')).toEqual([{ timestamp: 'given' }]);
			const manual = await harness.run(counting, { mode: 'manual', input: [{ timestamp: 'given' }] });
			expect(nodeJson(manual, 'Schedule')[0]).toMatchObject({ timestamp: expect.not.stringMatching(/^given$/), Hour: expect.any(String) });
		});
	});

	describe("time zone: the node reads a date without offset as a wall time in the workflow's zone", () => {
		let harness: WorkflowHarness;
		beforeAll(async () => {
			harness = await WorkflowHarness.start({ defaultTimezone: 'Europe/Warsaw' });
			harness.addCredential({ id: suite.credential('smsapiApi').id, type: 'smsapiApi', data: { authentication: 'token', token: 'test-token', platform: 'custom', baseUrl: emulator().primaryUrl } });
		});
		afterAll(() => harness.shutdown());

		const wall = DateTime.now().plus({ days: 2 }).startOf('hour').toFormat("yyyy-MM-dd'T'HH:mm:ss");
		const sentDate = async (settings: object) => {
			emulator().reset();
			const run = await harness.run(sendWorkflow({ to: '48500000001', message: 'x', options: { date: wall } }, settings));
			expect(run.error).toBeUndefined();
			return Number((await smsDoRequests(emulator()))[0].body.date);
		};

		it("the instance's default zone when the workflow names none; the workflow's own zone when it does", async () => {
			expect(await sentDate({ executionOrder: 'v1' })).toBe(DateTime.fromISO(wall, { zone: 'Europe/Warsaw' }).toUnixInteger());
			expect(await sentDate({ executionOrder: 'v1', timezone: 'America/New_York' })).toBe(
				DateTime.fromISO(wall, { zone: 'America/New_York' }).toUnixInteger(),
			);
		});
	});

	it('execution ids count up per harness and the workflow id comes from the JSON; both reach expressions, and the generated idx follows the execution id', async () => {
		const workflow = sendWorkflow({ to: '48500000001', message: '={{ $execution.id }} {{ $workflow.id }}' });
		const first = await suite.n8n().run(workflow);
		const second = await suite.n8n().run(workflow);
		expect(Number(second.executionId)).toBe(Number(first.executionId) + 1);
		expect(first.workflowId).toBe('SendWorkflow0001');
		const [a, b] = await smsDoRequests(emulator());
		expect(a.body.message).toBe(`${first.executionId} SendWorkflow0001`);
		expect(b.body.message).toBe(`${second.executionId} SendWorkflow0001`);
		expect(a.body.idx).not.toBe(b.body.idx);

		// The same execution id (a retried execution) gives the same idx: the service refuses the repeat.
		const again = await suite.n8n().run(workflow, { executionId: first.executionId });
		expect(nodeItems(again, 'SMSAPI')[0].json).toMatchObject({ idx: a.body.idx, accepted_earlier: true });
		expect((await smsDoRequests(emulator()))[2].body.idx).toBe(a.body.idx);
	});

	it('pinned output stands for a node that does not run; given input starts a workflow at a node without a trigger', async () => {
		const workflow: WorkflowJson = {
			nodes: [node('SMSAPI', 'n8n-nodes-smsapi-plus.smsapi', { resource: 'sms', operation: 'send', to: '={{ $json.phone }}', message: 'Hi' }, { credentials: smsapi() })],
			connections: {},
		};
		const run = await suite.n8n().run(workflow, { input: [{ phone: '48500000001' }, { phone: '48500000002' }] });
		expect(nodeItems(run, 'SMSAPI').map((item) => item.json.number)).toEqual(['48500000001', '48500000002']);

		const pinned = await suite.n8n().run(sendWorkflow({ to: '48500000003', message: 'x' }), { pinData: { SMSAPI: [{ pinned: true }] } });
		expect(nodeJson(pinned, 'SMSAPI')).toEqual([{ pinned: true }]);
		expect((await smsDoRequests(emulator())).map((r) => r.body.to)).toEqual(['48500000001,48500000002']);
		await expect(suite.n8n().run(sendWorkflow({ to: '1', message: 'x' }), { pinData: { Nope: [] } })).rejects.toThrow(/'Nope'/);
	});

	it("a Code node that is not pinned fails with a message saying why (n8n runs Code in its task runner, not started here)", async () => {
		const workflow: WorkflowJson = {
			nodes: [
				node('Manual Trigger', 'n8n-nodes-base.manualTrigger'),
				node('Code', 'n8n-nodes-base.code', { jsCode: 'return [{ json: {} }];' }, { typeVersion: 2 }),
			],
			connections: chain('Manual Trigger', 'Code'),
		};
		const run = await suite.n8n().run(workflow);
		expect(run.status).toBe('error');
		expect(nodeError(run, 'Code').message).toMatch(/task-runner process, which the in-process harness does not start.*pinData/);
	});

	it('shutdown can be called twice; a harness that was shut down refuses to run', async () => {
		const harness = await WorkflowHarness.start();
		await harness.shutdown();
		await harness.shutdown();
		await expect(harness.run(sendWorkflow({ to: '1', message: 'x' }))).rejects.toThrow(/shut down/);
	});

	it('the harness itself calls no jest globals (a live check runs it with ts-node); only jest.ts and suite.ts do', () => {
		const jestGlobals = new Set(['describe', 'it', 'test', 'expect', 'beforeAll', 'afterAll', 'beforeEach', 'afterEach', 'jest']);
		/** Names of the functions a file calls (`f(...)` and `f.x(...)`), comments and strings aside. */
		const calledNames = (file: string) => {
			const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
			const names: string[] = [];
			const visit = (at: ts.Node) => {
				if (ts.isCallExpression(at)) {
					const callee = ts.isPropertyAccessExpression(at.expression) ? at.expression.expression : at.expression;
					if (ts.isIdentifier(callee)) names.push(callee.text);
				}
				ts.forEachChild(at, visit);
			};
			visit(source);
			return names;
		};
		const files = fs.readdirSync(__dirname).filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file));
		const withJest = files.filter((file) => calledNames(path.join(__dirname, file)).some((name) => jestGlobals.has(name)));
		expect(withJest.sort()).toEqual(['jest.ts', 'suite.ts']);
	});
});
