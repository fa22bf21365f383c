/**
 * Jest transformer for the JavaScript of the provisioned n8n install (see jest.config.js): a few
 * of n8n's own dependencies are ES modules only (htmlparser2 under sanitize-html, which n8n's
 * Send Email node loads). Node loads them with `require`; jest's module registry cannot, so this
 * turns such a file into CommonJS with TypeScript's transpiler. Files that are CommonJS already
 * (nearly all) pass unchanged.
 */
const crypto = require('crypto');
const ts = require('typescript');

const ES_MODULE_SYNTAX = /^\s*(import|export)\b/m;

module.exports = {
	process(source, filename) {
		if (!ES_MODULE_SYNTAX.test(source)) return { code: source };
		const { outputText } = ts.transpileModule(source, {
			fileName: filename,
			compilerOptions: {
				module: ts.ModuleKind.CommonJS,
				target: ts.ScriptTarget.ES2022,
				allowJs: true,
				esModuleInterop: true,
			},
		});
		return { code: outputText };
	},
	getCacheKey(source, filename) {
		return crypto.createHash('sha1').update('esm-to-commonjs 1').update(filename).update(source).digest('hex');
	},
};
