// ESLint 9 flat config. Mirrors what n8n's community-node verification runs
// (@n8n/scan-community-package `buildScanConfig`, the same rules as `n8n-node lint`):
// the @n8n/community-nodes recommended set plus the three eslintrc-style rule sets of
// eslint-plugin-n8n-nodes-base, adapted here into flat entries (only their `rules` are taken;
// their `env`/`parserOptions` become `languageOptions`, their string `plugins` an object).
import tsParser from '@typescript-eslint/parser';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';

const SOURCE_FILES = ['nodes/**/*.ts', 'credentials/**/*.ts'];

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'test/**'] },

	{
		files: SOURCE_FILES,
		languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' },
	},
	// package.json is not JavaScript: like the scanner, parse it with the TypeScript parser,
	// which turns a top-level JSON object into the ObjectExpression the package.json rules walk.
	{
		files: ['package.json'],
		languageOptions: { parser: tsParser },
	},

	// @n8n/community-nodes recommended (a flat config already), on shipped sources and package.json.
	{ ...n8nCommunityNodesPlugin.configs.recommended, files: [...SOURCE_FILES, 'package.json'] },
	{
		files: SOURCE_FILES,
		rules: { 'no-console': 'error' },
	},

	// eslint-plugin-n8n-nodes-base: `community` on package.json, `credentials` and `nodes` on their folders.
	{ plugins: { 'n8n-nodes-base': n8nNodesBase } },
	{
		files: ['package.json'],
		rules: { ...n8nNodesBase.configs.community.rules },
	},
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// Conflicts with `cred-class-field-documentation-url-not-http-url` from the same set: this one
			// wants a camelCase slug (documentation pages of n8n's own repository), community
			// credentials must give an HTTP URL.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// These two want the string literal 'main' in `inputs`/`outputs`, while
			// `@n8n/community-nodes/node-connection-type-literal` requires `NodeConnectionTypes.Main`.
			// The enum wins (as in n8n's own lint and scan config); the community rule still checks them.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			// The service does have hard maximums (`max_parts` at most 6, 20 numbers per HLR request),
			// so `typeOptions.maxValue` is correct here (also off in n8n's own lint and scan config).
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
];
