/**
 * Two projects:
 * - unit: everything under test/ except test/e2e (fast, in-process).
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

/** @type {import('jest').Config} */
module.exports = {
	testTimeout: 30000,
	projects: [
		{
			...base,
			displayName: 'unit',
			testMatch: ['**/*.test.ts'],
			testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/'],
		},
		{
			...base,
			displayName: 'e2e',
			testMatch: ['<rootDir>/test/e2e/*.test.ts'],
			globalSetup: '<rootDir>/test/e2e/harness/globalSetup.ts',
		},
	],
};
