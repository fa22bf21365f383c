// ESLint 9 flat config: exactly the rules n8n's community-node verification applies. The config
// is not copied here but built by n8n's own scanner (@n8n/scan-community-package, the same
// `buildScanConfig` that `npm run scan` runs over the packed tarball): the
// @n8n/community-nodes recommended set and eslint-plugin-n8n-nodes-base's `community`,
// `credentials` and `nodes` rule sets, with n8n's own overrides.
import { buildScanConfig } from '@n8n/scan-community-package/scanner/scanner.mjs';

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'scripts/**', '*.js', '*.mjs'] },
	...(await buildScanConfig()),
];
