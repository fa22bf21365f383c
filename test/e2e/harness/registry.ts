/**
 * A user's install path: a throw-away Verdaccio npm registry on loopback (own storage, no uplinks:
 * nothing leaves the machine), `npm publish` to it, and the two ways a package gets into
 * `<user folder>/.n8n/nodes`: the steps n8n's *Settings → Community Nodes → Install* runs, and the
 * manual `npm install` the README documents for queue mode and Docker.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vm from 'vm';

import { cacheDir, PACKAGE_NAME, PROJECT_ROOT } from './config';
import { compileCacheDir, getLine } from './lines';
import { packedFiles } from './package-files';
import { killGroup, runProcess, settlesWithin, uniqueFreePort, waitFor, type RunResult } from './proc';
import { registerGroup, registerTempDir, unregisterGroup, unregisterTempDir, withRunId } from './run-ownership';

/** Installed by scripts/install-verdaccio.sh (keep both in step). */
export const VERDACCIO_VERSION = '6.10.4';

/** Runs npm against one registry only (no project or user config); throws on failure. */
export type Npm = (args: string[], cwd: string) => Promise<RunResult>;

export interface Registry {
	url: string;
	/** npm user config (registry + token of the registry's only user). */
	npmrc: string;
	/** npm with a cache of the registry's own (the maintainer's side: pack, publish). */
	npm: Npm;
	/**
	 * npm with its cache in `cache` (an empty folder: like the npm of another machine, it downloads
	 * what it installs from the registry).
	 */
	npmWithCache(cache: string): Npm;
	/** Points `tag` of `name` at `version`: the request `npm dist-tag add` makes. */
	setDistTag(name: string, tag: string, version: string): Promise<void>;
	stop(): Promise<void>;
}

function verdaccioEntry(): string {
	const dir = path.join(cacheDir(), `verdaccio-${VERDACCIO_VERSION}`);
	const entry = path.join(dir, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
	let marker = '';
	try {
		marker = fs.readFileSync(path.join(dir, '.installed'), 'utf8');
	} catch {
		// not installed
	}
	if (!marker.includes(`version=${VERDACCIO_VERSION}`) || !fs.existsSync(entry)) {
		throw new Error(`Verdaccio ${VERDACCIO_VERSION} is not installed in ${dir}: run \`npm run provision\` (scripts/install-verdaccio.sh)`);
	}
	return entry;
}

/** npm's environment without the caller's npm_* settings (inside `npm test` they carry the project's .npmrc). */
function npmEnv(npmrc: string, cache: string): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k) && k !== 'NODE_ENV') env[k] = v;
	return {
		...env,
		npm_config_userconfig: npmrc,
		npm_config_globalconfig: path.join(path.dirname(npmrc), 'no-global-npmrc'),
		npm_config_cache: cache,
		npm_config_audit: 'false',
		npm_config_fund: 'false',
		npm_config_update_notifier: 'false',
		npm_config_loglevel: 'warn',
	};
}

/** Starts Verdaccio on 127.0.0.1 with a fresh storage and one user whose token the npm config holds. */
export async function startRegistry(label = 'registry'): Promise<Registry> {
	const entry = verdaccioEntry();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), `smsapi-e2e-${label}-`));
	registerTempDir(dir);
	const port = await uniqueFreePort();
	const url = `http://127.0.0.1:${port}/`;
	const config = path.join(dir, 'config.yaml');
	fs.writeFileSync(
		config,
		[
			`storage: ${path.join(dir, 'storage')}`,
			'auth:',
			'  htpasswd:',
			`    file: ${path.join(dir, 'htpasswd')}`,
			'    max_users: 10',
			// npm sends its token with every request, and Verdaccio checks the password behind it each
			// time: with bcrypt (the default) that was about half of Verdaccio's CPU in these tests.
			// The only password is a fixed test one on a registry that lives for one test file.
			'    algorithm: sha1',
			'uplinks: {}',
			'packages:',
			"  '**':",
			'    access: $all',
			'    publish: $authenticated',
			'    unpublish: $authenticated',
			'web:',
			'  enable: false',
			'log: { type: stdout, format: pretty, level: warn }',
			'',
		].join('\n'),
	);
	const logFile = path.join(dir, 'verdaccio.log');
	const log = fs.openSync(logFile, 'a');
	const node24 = getLine('2').sqliteNodeBin;
	const child = spawn(node24, [entry, '--config', config, '--listen', `127.0.0.1:${port}`], {
		cwd: dir,
		detached: true,
		stdio: ['ignore', log, log],
		// Node's cache of compiled code, shared with the n8n 2.x processes: once it is filled,
		// Verdaccio starts on about 0.55 s of CPU instead of 0.65 s.
		env: withRunId({ PATH: process.env.PATH ?? '', HOME: dir, NODE_COMPILE_CACHE: compileCacheDir() }),
	});
	registerGroup(child);
	fs.closeSync(log);
	const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
	const stop = async () => {
		killGroup(child, 'SIGTERM');
		if (!(await settlesWithin(exited, 5000))) killGroup(child, 'SIGKILL');
		unregisterGroup(child);
		fs.rmSync(dir, { recursive: true, force: true });
		unregisterTempDir(dir);
	};
	try {
		await waitFor(`Verdaccio on ${url}`, 30_000, async () => {
			if (child.exitCode !== null) throw new Error(`Verdaccio exited (${child.exitCode}): ${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
			const res = await fetch(`${url}-/ping`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
			return res?.ok ? true : undefined;
		});
		const user = await fetch(`${url}-/user/org.couchdb.user:e2e`, {
			method: 'PUT',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ name: 'e2e', password: 'e2e-password-1' }),
		});
		const body = (await user.json()) as { token?: string };
		if (!user.ok || !body.token) throw new Error(`Verdaccio user creation -> ${user.status} ${JSON.stringify(body)}`);
		const token = body.token;
		const npmrc = path.join(dir, 'npmrc');
		fs.writeFileSync(npmrc, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`);
		const npmWithCache = (cache: string): Npm => {
			const env = npmEnv(npmrc, cache);
			return async (args, cwd) => {
				const res = await runProcess('npm', args, { cwd, env, timeoutMs: 120_000 });
				if (res.code !== 0) {
					const output = `${res.stdout.slice(-2000)}\n${res.stderr.slice(-3000)}`;
					const exit = res.code ?? res.signal;
					throw new Error(`npm ${args.join(' ')} (in ${cwd}) exited ${exit}:\n${output}`);
				}
				return res;
			};
		};
		const setDistTag = async (name: string, tag: string, version: string) => {
			const pkg = encodeURIComponent(name);
			const res = await fetch(`${url}-/package/${pkg}/dist-tags/${encodeURIComponent(tag)}`, {
				method: 'PUT',
				headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
				body: JSON.stringify(version),
				signal: AbortSignal.timeout(10_000),
			});
			if (!res.ok) {
				const text = await res.text();
				throw new Error(`dist-tag ${tag} of ${name} -> ${version}: ${res.status} ${text}`);
			}
		};
		const npm = npmWithCache(path.join(dir, 'npm-cache'));
		return { url, npmrc, npm, npmWithCache, setDistTag, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}

/** `npm pack` of this project (the tarball `npm run scan` checks) into `destDir`; returns its path. */
export async function packProject(destDir: string): Promise<string> {
	const res = await runProcess('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', destDir], {
		cwd: PROJECT_ROOT,
		env: { ...process.env, NODE_ENV: undefined },
		timeoutMs: 120_000,
	});
	if (res.code !== 0) throw new Error(`npm pack failed: ${res.stderr.slice(-3000)}`);
	const [{ filename }] = JSON.parse(res.stdout) as Array<{ filename: string }>;
	return path.join(destDir, filename);
}

export interface AddedParameter {
	name: string;
	displayName: string;
	default: string;
}

/**
 * A later release of this package in `destDir`: the files `npm pack` ships, `version` bumped and
 * one parameter added to the SMSAPI node with a default; the node puts that parameter's value into
 * each output item as `json[parameter.name]`, so a run shows what n8n gave it. The real package is
 * not touched.
 */
export function buildLaterRelease(destDir: string, version: string, parameter: AddedParameter): string {
	for (const rel of packedFiles(PROJECT_ROOT)) {
		const dest = path.join(destDir, rel);
		fs.mkdirSync(path.dirname(dest), { recursive: true });
		fs.copyFileSync(path.join(PROJECT_ROOT, rel), dest);
	}
	const pkgFile = path.join(destDir, 'package.json');
	const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as { version: string };
	pkg.version = version;
	fs.writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
	const nodeFile = path.join(destDir, 'dist', 'nodes', 'Smsapi', 'Smsapi.node.js');
	const p = JSON.stringify({ displayName: parameter.displayName, name: parameter.name, type: 'string', default: parameter.default });
	fs.appendFileSync(
		nodeFile,
		`
// --- added by the e2e test for release ${version}
const ReleasedSmsapi = exports.Smsapi;
exports.Smsapi = class Smsapi extends ReleasedSmsapi {
	constructor() {
		super();
		this.description = { ...this.description, properties: [...this.description.properties, ${p}] };
	}
	async execute() {
		const out = await ReleasedSmsapi.prototype.execute.call(this);
		const value = this.getNodeParameter(${JSON.stringify(parameter.name)}, 0);
		return out.map((items) => items.map((item) => ({ ...item, json: { ...item.json, ${JSON.stringify(parameter.name)}: value } })));
	}
};
`,
	);
	// The syntax check `node --check` makes, without starting a process: compiled as a CommonJS
	// module body, not run.
	try {
		const params = ['exports', 'require', 'module', '__filename', '__dirname'];
		vm.compileFunction(fs.readFileSync(nodeFile, 'utf8'), params, { filename: nodeFile });
	} catch (error) {
		throw new Error(`the ${version} node file does not parse: ${String(error)}`);
	}
	return destDir;
}

/** `<user folder>/.n8n/nodes` */
export function nodesDir(userFolder: string): string {
	return path.join(userFolder, '.n8n', 'nodes');
}

/** Removes the package from `.n8n/nodes` (files and the dependency entry), as before a fresh install. */
export function removeInstalledPackage(userFolder: string): void {
	const dir = nodesDir(userFolder);
	fs.rmSync(path.join(dir, 'node_modules', PACKAGE_NAME), { recursive: true, force: true });
	const pkgFile = path.join(dir, 'package.json');
	if (fs.existsSync(pkgFile)) {
		const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as { dependencies?: Record<string, string> };
		delete pkg.dependencies?.[PACKAGE_NAME];
		fs.writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
	}
}

/**
 * What n8n's *Community Nodes → Install* does once it may download (n8n 2.41's
 * CommunityPackagesService.downloadPackage): `npm pack <name>@<version>` in a download folder,
 * extract into `.n8n/nodes/node_modules/<name>`, drop dev/peer/optional dependencies from its
 * package.json, `npm install` the rest there (no scripts, no lock), and record the dependency in
 * `.n8n/nodes/package.json`. Returns the installed package.json.
 */
export async function installLikeCommunityNodesPanel(
	npm: Npm,
	userFolder: string,
	spec: string,
): Promise<{ name: string; version: string; [key: string]: unknown }> {
	const dir = nodesDir(userFolder);
	const download = fs.mkdtempSync(path.join(os.tmpdir(), 'smsapi-e2e-download-'));
	try {
		const packed = await npm(['pack', spec, '--quiet'], download);
		const tarball = packed.stdout.trim().split('\n').pop()!.trim();
		const target = path.join(dir, 'node_modules', PACKAGE_NAME);
		fs.mkdirSync(target, { recursive: true });
		const untar = await runProcess('tar', ['-xzf', tarball, '-C', target, '--strip-components=1'], { cwd: download, timeoutMs: 60_000 });
		if (untar.code !== 0) throw new Error(`tar -xzf ${tarball}: ${untar.stderr}`);
		const pkgFile = path.join(target, 'package.json');
		const { devDependencies, peerDependencies, optionalDependencies, ...pkg } = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
		void devDependencies;
		void peerDependencies;
		void optionalDependencies;
		fs.writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
		await npm(
			['install', '--audit=false', '--fund=false', '--bin-links=false', '--install-strategy=shallow', '--ignore-scripts=true', '--package-lock=false'],
			target,
		);
		const nodesPkgFile = path.join(dir, 'package.json');
		const nodesPkg = fs.existsSync(nodesPkgFile)
			? (JSON.parse(fs.readFileSync(nodesPkgFile, 'utf8')) as { dependencies?: Record<string, string> })
			: { name: 'installed-nodes', private: true };
		const withDeps = nodesPkg as { dependencies?: Record<string, string> };
		withDeps.dependencies = { ...(withDeps.dependencies ?? {}), [PACKAGE_NAME]: pkg.version };
		fs.writeFileSync(nodesPkgFile, JSON.stringify(nodesPkg, null, 2));
		return pkg;
	} finally {
		fs.rmSync(download, { recursive: true, force: true });
	}
}

/** The installed package.json of this package in `.n8n/nodes` (undefined when not installed). */
export function installedVersion(userFolder: string): string | undefined {
	const file = path.join(nodesDir(userFolder), 'node_modules', PACKAGE_NAME, 'package.json');
	return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version : undefined;
}
