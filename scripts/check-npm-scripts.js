#!/usr/bin/env node
/**
 * Guards the newcomer's path (`npm ci && npm test`, `npm ci && npm start`) against set-up steps
 * that npm would silently skip. With `ignore-scripts=true` in .npmrc (needed: a lint plugin's
 * preinstall aborts), npm runs no pre/post script at all, so:
 * - no `pre<name>` / `post<name>` script may exist for a script that exists;
 * - `test` and `start` must run scripts/provision.sh themselves (or through the `node scripts/<file>.js`
 *   they run: `npm test` is scripts/test-run.js).
 * Usage: node scripts/check-npm-scripts.js [package folder]. Run by .ci/run; exits 1 with one
 * line per problem.
 */
const fs = require('fs');
const path = require('path');

const root = path.resolve(process.argv[2] || path.join(__dirname, '..'));
const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts || {};
const npmrc = fs.existsSync(path.join(root, '.npmrc')) ? fs.readFileSync(path.join(root, '.npmrc'), 'utf8') : '';
const ignoresScripts = /^\s*ignore-scripts\s*=\s*true\s*$/m.test(npmrc);

const problems = [];
if (ignoresScripts) {
	for (const name of Object.keys(scripts)) {
		const match = /^(pre|post)(.+)$/.exec(name);
		if (match && scripts[match[2]] !== undefined) {
			problems.push(`"${name}" never runs (.npmrc ignore-scripts=true): move its step into "${match[2]}" itself`);
		}
	}
}
/** The script runs scripts/provision.sh, itself or through the `node scripts/<file>.js` it runs. */
function provisions(script) {
	const runner = /^node (scripts\/[\w.-]+\.js)\b/.exec(script);
	const runnerText = runner && fs.existsSync(path.join(root, runner[1])) ? fs.readFileSync(path.join(root, runner[1]), 'utf8') : '';
	return /scripts\/provision\.sh/.test(script) || /'scripts\/provision\.sh'/.test(runnerText);
}

for (const name of ['test', 'start']) {
	if (!provisions(scripts[name] || '')) {
		problems.push(`"${name}" does not run scripts/provision.sh: a new machine would lack n8n and the system services`);
	}
}

if (problems.length > 0) {
	for (const problem of problems) console.error(`check-npm-scripts: ${problem}`);
	process.exit(1);
}
console.log(`check-npm-scripts: ok (ignore-scripts=${ignoresScripts}; test and start provision themselves)`);
