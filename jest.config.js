/**
 * Two projects:
 * - unit: everything under test/ except test/e2e (fast, in-process), the in-process workflow
 *         harness (test/workflow) among it.
 * - e2e:  test/e2e/*.test.ts against real n8n installs (scripts/install-n8n.sh). Its globalSetup
 *         builds the package when dist/ is stale; it runs only when an e2e test is selected.
 * Select one with `jest --selectProjects unit` or `jest --selectProjects e2e`.
 */
const base = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', isolatedModules: true }],
	},
};

/**
 * The in-process workflow harness loads n8n's own nodes from the provisioned n8n install
 * (a folder `n8n-<version>/node_modules` in the cache); the few ES-module-only packages among
 * their dependencies are turned into CommonJS for jest's module registry. Everything else under
 * node_modules is left untransformed, as by default.
 */
const N8N_INSTALL_JS = '[\\\\/]n8n-\\d+\\.\\d+\\.\\d+[\\\\/]node_modules[\\\\/].+\\.js$';

/**
 * Files that test one n8n line only (`test/e2e/*-line<N>.test.ts`) are left out when
 * SMSAPI_E2E_LINES does not select that line (e.g. `SMSAPI_E2E_LINES=2`).
 */
const selectedLines = (process.env.SMSAPI_E2E_LINES || '2,1').split(/[\s,]+/).filter(Boolean);
const unselectedLineFiles = ['1', '2']
	.filter((line) => !selectedLines.includes(line))
	.map((line) => `<rootDir>/test/e2e/[^/]*-line${line}\\.test\\.ts$`);

/**
 * The quick run (`npm run test:quick` sets SMSAPI_JEST_SHARED_MODULES=1) loads the packages under
 * node_modules (n8n-core, n8n-workflow, ...) once per worker instead of once per test file
 * (test/sharedModules.js). `npm test` loads everything afresh in every file.
 */
const sharedModules =
	process.env.SMSAPI_JEST_SHARED_MODULES === '1'
		? { testEnvironment: '<rootDir>/test/sharedEnvironment.js', runtime: '<rootDir>/test/sharedRuntime.js' }
		: {};

/** @type {import('jest').Config} */
module.exports = {
	testTimeout: 30000,
	// Each test file loads n8n-workflow and n8n-core afresh (jest's module registry per file) and a
	// worker kept about 10 MB of every file: past 1 GB its collector slowed every later file (the
	// unit project took 380 s on 2 workers). A worker above 500 MB after a file is replaced: 247 s.
	workerIdleMemoryLimit: '500MB',
	// The files that take minutes start first, in a chosen order (test/sequencer.js).
	testSequencer: '<rootDir>/test/sequencer.js',
	// What the tests start is stopped when jest ends, however it ends (scripts/reaper.js).
	globalSetup: '<rootDir>/test/globalSetup.js',
	projects: [
		{
			...base,
			displayName: 'unit',
			...sharedModules,
			testMatch: ['**/*.test.ts'],
			testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/'],
			transform: {
				...base.transform,
				[N8N_INSTALL_JS]: '<rootDir>/test/workflow/esm-to-commonjs.js',
			},
			transformIgnorePatterns: ['^(?!.*[\\\\/]n8n-\\d+\\.\\d+\\.\\d+[\\\\/]node_modules[\\\\/]).*[\\\\/]node_modules[\\\\/]'],
		},
		{
			...base,
			displayName: 'e2e',
			testMatch: ['<rootDir>/test/e2e/*.test.ts'],
			testPathIgnorePatterns: ['/node_modules/', ...unselectedLineFiles],
			globalSetup: '<rootDir>/test/e2e/harness/globalSetup.ts',
		},
	],
};
