/**
 * A user's install and upgrade path, against a throw-away npm registry (Verdaccio on loopback):
 * - the steps n8n's *Settings → Community Nodes → Install* runs once it may download (it only ever
 *   asks the public npm registry, so the panel itself cannot be pointed here without an enterprise
 *   licence): `npm pack` from the registry, extract, production install, load;
 * - the manual install the README documents for queue mode and Docker (`npm install` in
 *   `~/.n8n/nodes`);
 * - an upgrade to a later release (0.1.1, built from the packed files with one added parameter) with
 *   a saved workflow and credential in place, then a restart.
 * One n8n per line, started twice (after the panel install, after the upgrade), the user folder kept;
 * the workflow and credential are saved through its REST API once it runs (no n8n CLI start each).
 * One registry serves both lines: the project is packed and both releases are published once, 0.1.1
 * under the tag `next`; a line's upgrade makes 0.1.1 `latest` (the release as users see it) and the
 * next line starts with `latest` back on 0.1.0. Each line's npm has a cache of its own, as on
 * another machine.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { startEmulator, type Emulator } from '../emulator';
import {
	createN8n,
	E2E_SETUP_TIMEOUT_MS,
	loadWorkflowFixture,
	n8nLines,
	newId,
	PACKAGE_NAME,
	packedFiles,
	PROJECT_ROOT,
	SMSAPI_CREDENTIAL_TYPE,
	SMSAPI_NODE_TYPE,
	smsapiTokenCredentialData,
	startedByWebhook,
	stopSuite,
	type N8nInstance,
	type WorkflowJson,
} from './harness';
import {
	buildLaterRelease,
	installedVersion,
	installLikeCommunityNodesPanel,
	nodesDir,
	packProject,
	removeInstalledPackage,
	startRegistry,
	type Npm,
	type Registry,
} from './harness/registry';

const TEST_TIMEOUT_MS = 150_000;
const RELEASED = (JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const LATER = '0.1.1';
const ADDED = { name: 'upgradeNote', displayName: 'Upgrade Note', default: `added in ${LATER}` };
/** Where 0.1.1 waits until a line upgrades to it. */
const NEXT_TAG = 'next';

/** The saved workflow: Webhook (answers with the last node's output) → SMSAPI account profile. */
function savedWorkflow(credential: { id: string; name: string }, webhookPath: string): WorkflowJson {
	const profile = loadWorkflowFixture('account-get-profile', { smsapiApi: credential });
	const answersWithProfile = { responseMode: 'lastNode', responseData: 'firstEntryJson' };
	return { ...startedByWebhook(profile, webhookPath, answersWithProfile), name: 'e2e: saved before the upgrade' };
}

/** Relative paths of the files under `dir`, sorted. */
function filesOf(dir: string, rel = ''): string[] {
	const out: string[] = [];
	for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
		const child = path.join(rel, e.name);
		if (e.isDirectory()) out.push(...filesOf(dir, child));
		else out.push(child);
	}
	return out.sort();
}

/** The registry both lines install from, and the folder of the packed and built releases. */
interface Releases {
	registry: Registry;
	work: string;
}
let releasesMade: Promise<Releases> | undefined;
let sharedRegistry: Registry | undefined;
let sharedWork: string | undefined;

/**
 * Starts the registry and publishes both releases, once for the file: the first line's beforeAll
 * starts it, beside its n8n setup, and the next line gets the same promise.
 */
function releases(): Promise<Releases> {
	releasesMade ??= (async () => {
		const work = fs.mkdtempSync(path.join(os.tmpdir(), 'smsapi-e2e-release-'));
		sharedWork = work;
		const registry = await startRegistry();
		sharedRegistry = registry;
		const tarball = await packProject(work);
		await registry.npm(['publish', tarball], work);
		// 0.1.1 is published beside it but not as `latest`: installs without a version still get 0.1.0.
		const later = buildLaterRelease(path.join(work, `release-${LATER}`), LATER, ADDED);
		await registry.npm(['publish', '--tag', NEXT_TAG], later);
		return { registry, work };
	})();
	return releasesMade;
}

afterAll(async () => {
	// A setup still running (or failed) is waited for, so nothing it started is left behind.
	await releasesMade?.catch(() => undefined);
	try {
		await sharedRegistry?.stop();
	} finally {
		if (sharedWork) fs.rmSync(sharedWork, { recursive: true, force: true });
	}
}, 60_000);

describe.each(n8nLines())('n8n $version (line $line): installed from a registry and upgraded', (line) => {
	let emulator: Emulator;
	let registry: Registry;
	/** This line's npm (a cache of its own). */
	let npm: Npm;
	let n8n: N8nInstance;
	let workflowId: string;
	const webhookPath = `smsapi-upgrade-${newId().slice(0, 8)}`;

	/** Runs the saved workflow through its production webhook; returns the SMSAPI node's first item. */
	async function runSaved(): Promise<Record<string, unknown>> {
		const res = await fetch(n8n.webhookUrl(webhookPath), { signal: AbortSignal.timeout(30_000) });
		const text = await res.text();
		if (res.status !== 200) throw new Error(`webhook -> ${res.status} ${text.slice(0, 1000)}\n${n8n.logTail(60)}`);
		return JSON.parse(text) as Record<string, unknown>;
	}

	beforeAll(async () => {
		emulator = await startEmulator({ port: 0, token: 'test-token', quiet: true });
		// Side by side: the registry with the releases published, and a user folder for n8n.
		const published = (async () => {
			const made = await releases();
			registry = made.registry;
			// Until this line upgrades, `latest` is the release (an earlier line's upgrade moved it).
			await registry.setDistTag(PACKAGE_NAME, 'latest', RELEASED);
			npm = registry.npmWithCache(fs.mkdtempSync(path.join(made.work, `npm-cache-${line.line}-`)));
		})();
		const created = (async () => {
			n8n = await createN8n({ line, label: 'registry' });
			// The harness copies the package in; this file installs it the ways users do.
			removeInstalledPackage(n8n.userFolder);
		})();
		await Promise.all([published, created]);
	}, E2E_SETUP_TIMEOUT_MS);

	afterAll(() => stopSuite({ emulator, n8n }), 60_000);

	it(
		'Community Nodes panel steps: the npm pack tarball, downloaded from the registry, extracted with its production dependencies, is loaded and runs the saved workflow',
		async () => {
			const pkg = await installLikeCommunityNodesPanel(npm, n8n.userFolder, `${PACKAGE_NAME}@${RELEASED}`);
			expect(pkg).toMatchObject({ name: PACKAGE_NAME, version: RELEASED });
			expect(pkg).not.toHaveProperty('peerDependencies');
			const installed = path.join(nodesDir(n8n.userFolder), 'node_modules', PACKAGE_NAME);
			// Exactly the files the tarball ships (the one `npm run scan` checks), and no dependency
			// installed beside them: n8n-workflow must be n8n's own.
			expect(filesOf(installed)).toEqual([...packedFiles(PROJECT_ROOT)].sort());
			expect(fs.existsSync(path.join(installed, 'node_modules'))).toBe(false);

			await n8n.start();
			// The workflow and credential the upgrade below must keep, saved as in the editor (REST).
			const [credential] = await n8n.createCredentials([
				{ type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI saved before the upgrade', data: smsapiTokenCredentialData(emulator) },
			]);
			[workflowId] = await n8n.createWorkflows([savedWorkflow(credential, webhookPath)]);
			await n8n.activate(workflowId);
			expect(await runSaved()).toMatchObject({ username: expect.any(String) });
			expect(await runSaved()).not.toHaveProperty(ADDED.name);
		},
		TEST_TIMEOUT_MS,
	);

	it(
		'manual install (README): `npm install n8n-nodes-smsapi-plus --legacy-peer-deps` in ~/.n8n/nodes from the registry; without the flag npm wants its own n8n-workflow',
		async () => {
			await n8n.stopProcesses();
			removeInstalledPackage(n8n.userFolder);
			const dir = nodesDir(n8n.userFolder);
			// npm 7+ installs peer dependencies: a plain install asks the registry for n8n-workflow
			// (from npmjs it would put a second n8n-workflow, of any version, beside n8n's own).
			await expect(npm(['install', PACKAGE_NAME], dir)).rejects.toThrow(/n8n-workflow/);
			await npm(['install', PACKAGE_NAME, '--legacy-peer-deps'], dir);
			expect(installedVersion(n8n.userFolder)).toBe(RELEASED);
			expect(fs.readdirSync(path.join(dir, 'node_modules')).filter((n) => !n.startsWith('.'))).toEqual([PACKAGE_NAME]);
			// The same files as the tarball the panel path loaded and ran above (n8n is started on them
			// after the upgrade below, which npm makes from this install).
			const installed = path.join(dir, 'node_modules', PACKAGE_NAME);
			expect(filesOf(installed)).toEqual([...packedFiles(PROJECT_ROOT)].sort());
			for (const file of ['dist/nodes/Smsapi/Smsapi.node.js', 'dist/credentials/SmsapiApi.credentials.js']) {
				expect(fs.readFileSync(path.join(installed, file), 'utf8')).toBe(fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8'));
			}
		},
		TEST_TIMEOUT_MS,
	);

	it(
		`upgrade to ${LATER} (one parameter added with a default) and restart: the saved workflow and credential keep working and the new parameter has its default`,
		async () => {
			// 0.1.1 released as users see it: `latest` points at it (it was published under `next`).
			await registry.setDistTag(PACKAGE_NAME, 'latest', LATER);
			await n8n.stopProcesses();
			await npm(['install', `${PACKAGE_NAME}@latest`, '--legacy-peer-deps'], nodesDir(n8n.userFolder));
			expect(installedVersion(n8n.userFolder)).toBe(LATER);

			await n8n.start();
			const types = await n8n.rest<Array<{ name: string; properties: Array<{ name: string; default: unknown }> }>>('GET', '/types/nodes.json');
			const smsapi = types.body.find((t) => t.name === SMSAPI_NODE_TYPE);
			expect(smsapi?.properties.find((p) => p.name === ADDED.name)?.default).toBe(ADDED.default);
			// The workflow was saved without the parameter: n8n gives the node its default.
			const saved = await n8n.rest<{ data: WorkflowJson }>('GET', `/rest/workflows/${workflowId}`);
			const savedNode = saved.body.data.nodes.find((n) => n.type === SMSAPI_NODE_TYPE)!;
			expect(savedNode.parameters).not.toHaveProperty(ADDED.name);
			expect(await runSaved()).toMatchObject({ username: expect.any(String), [ADDED.name]: ADDED.default });
		},
		TEST_TIMEOUT_MS,
	);
});
