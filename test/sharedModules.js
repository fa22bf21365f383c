/**
 * The quick run's way of loading n8n once per jest worker (`npm run test:quick`; `npm test` does
 * not use it: every file there loads everything afresh, as jest does by default).
 *
 * Jest gives every test file its own module registry and its own global object (a new vm
 * context), so each file that builds n8n-core's real contexts loaded n8n-core, n8n-workflow and
 * their dependencies again: about 1,750 modules, 1 to 3 s a file, most of the quick run's time.
 * Here a worker keeps one global object for all its files (SharedContextEnvironment) and the
 * packages under node_modules, once loaded, for all of them (SharedModulesRuntime): a file loads
 * only the project's own modules (the node's code, the tests and their helpers) afresh.
 *
 * What a file still gets of its own: its project modules, jest's globals and `expect`, its own
 * `process` object (its `process.env` a copy), its mocks and spies (restored as before), its fake
 * timers (installed on the shared global object and removed at its end). What the files of a
 * worker share: the packages' module state, as in one n8n instance (n8n-core's DI container is
 * emptied by test/support/n8n-context.ts when a file loads it, as in a new process), and whatever a
 * file leaves on the global object (SharedContextEnvironment removes a global a file adds). nock
 * is shared too (it patches the global `fetch` once) and starts every file as when just loaded: no
 * interceptors, connections allowed, active. Nothing `jest.isolateModules` loads is shared.
 */
const path = require('node:path');

const NodeEnvironment = require('jest-environment-node').TestEnvironment;
const { LegacyFakeTimers, ModernFakeTimers } = require('@jest/fake-timers');
const { ModuleMocker } = require('jest-mock');
const Runtime = require('jest-runtime').default;

/** Packages loaded afresh in every file: their state belongs to one file's tests. */
const PER_FILE = /[\\/]node_modules[\\/](@jest|jest-[^\\/]+|expect|@sinonjs)[\\/]/;
const NOCK = /[\\/]node_modules[\\/]nock[\\/]index\.js$/;
/** n8n's own install in the cache (its nodes, for the engine tests), transformed per file. */
const N8N_INSTALL = /[\\/]n8n-\d+\.\d+\.\d+[\\/]node_modules[\\/]/;

const shared = {
	/** The worker's vm context and its global object, made by its first file. */
	context: undefined,
	global: undefined,
	/** The global's own property names when its first file began: what a file may not add. */
	globalNames: undefined,
	/** Loaded package modules by path: the module objects, exports and all. */
	modules: new Map(),
	/** The runtime of the file that runs now: shared modules require through it. */
	runtime: undefined,
};

class SharedContextEnvironment extends NodeEnvironment {
	constructor(config, context) {
		// NodeEnvironment makes a new context and installs jest's globals on it; for every file but the
		// first that context is dropped for the worker's one and the per-file parts are made anew.
		super(config, context);
		if (!shared.context) {
			shared.context = this.context;
			shared.global = this.global;
			return;
		}
		const { projectConfig } = config;
		const own = this.global;
		this.context = shared.context;
		this.global = shared.global;
		this.global.process = own.process;
		this.moduleMocker = new ModuleMocker(this.global);
		const timerIdToRef = (id) => ({
			id,
			ref() {
				return this;
			},
			unref() {
				return this;
			},
		});
		this.fakeTimers = new LegacyFakeTimers({
			config: projectConfig,
			global: this.global,
			moduleMocker: this.moduleMocker,
			timerConfig: { idToRef: timerIdToRef, refToId: (timer) => timer?.id },
		});
		this.fakeTimersModern = new ModernFakeTimers({ config: projectConfig, global: this.global });
	}

	async setup() {
		await super.setup();
		if (!shared.globalNames) shared.globalNames = new Set(Reflect.ownKeys(shared.global));
		const nock = [...shared.modules].find(([file]) => NOCK.test(file))?.[1].exports;
		if (nock) {
			nock.cleanAll();
			nock.enableNetConnect();
			if (!nock.isActive()) nock.activate();
		}
	}

	async teardown() {
		const added = Reflect.ownKeys(shared.global).filter((name) => !shared.globalNames.has(name));
		for (const name of added) {
			const descriptor = Object.getOwnPropertyDescriptor(shared.global, name);
			if (descriptor?.configurable) delete shared.global[name];
			else shared.globalNames.add(name);
		}
		await super.teardown();
	}
}

class SharedModulesRuntime extends Runtime {
	constructor(...args) {
		super(...args);
		shared.runtime = this;
	}

	/** A shared module's `require` is bound to the runtime of the file that loaded it: later files pass on. */
	requireModuleOrMock(from, moduleName) {
		if (this.isTornDown && shared.runtime && shared.runtime !== this) return shared.runtime.requireModuleOrMock(from, moduleName);
		return super.requireModuleOrMock(from, moduleName);
	}

	requireModule(from, moduleName, options, isRequireActual = false) {
		if (this.isTornDown && shared.runtime && shared.runtime !== this) {
			return shared.runtime.requireModule(from, moduleName, options, isRequireActual);
		}
		const modulePath = this._sharedPath(from, moduleName, options);
		if (!modulePath) return super.requireModule(from, moduleName, options, isRequireActual);
		const known = shared.modules.get(modulePath);
		if (known) {
			this._moduleRegistry.set(modulePath, known);
			return known.exports;
		}
		const exports = super.requireModule(from, moduleName, options, isRequireActual);
		const loaded = this._moduleRegistry.get(modulePath);
		if (loaded) shared.modules.set(modulePath, loaded);
		return exports;
	}

	/** The path of a package module this worker shares, else undefined (loaded as jest does). */
	_sharedPath(from, moduleName, options) {
		if (options?.isInternalModule || this._isolatedModuleRegistry || !moduleName) return undefined;
		if (this._resolver.isCoreModule(moduleName)) return undefined;
		let modulePath;
		try {
			modulePath = this._resolveCjsModule(from, moduleName);
		} catch {
			return undefined;
		}
		const inPackages = modulePath.split(path.sep).includes('node_modules');
		return inPackages && !PER_FILE.test(modulePath) && !N8N_INSTALL.test(modulePath) ? modulePath : undefined;
	}
}

module.exports = { SharedContextEnvironment, SharedModulesRuntime };
