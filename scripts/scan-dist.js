#!/usr/bin/env node
/**
 * Scans the package exactly as it would be published:
 *   1. `npm pack` into a temporary directory and list the tarball's files;
 *   2. fail if anything other than dist/**, README.md, LICENSE and package.json is packed, if
 *      nothing under dist/ is packed, or if a file named in package.json `n8n` is missing;
 *   3. fail if compiled code requires anything but n8n-workflow, node:crypto or a relative file
 *      (stricter than the scanner, which also allows every devDependency), or names a `file:` icon
 *      that is not packed (the build copies icons with gulp, after tsc);
 *   4. unpack it and run n8n's own scanner (`analyzePackage` of @n8n/scan-community-package) over
 *      the compiled JavaScript and package.json, the same check n8n's verification runs on the
 *      tarball: full rule set, inline `eslint-disable` comments ignored.
 *
 * Usage: node scripts/scan-dist.js [packageDir]   (default: this repository)
 *        node scripts/scan-dist.js --json packageDir...
 * The second form scans several packages in one process (one `npm pack` run, n8n's scanner and
 * eslint loaded once) and prints one JSON result per package; the tests use it.
 * Exit code 0 when everything passes, 1 on any violation, 2 when the scan itself could not run.
 */
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { pathToFileURL } = require('node:url');
const util = require('node:util');

const ALLOWED_TOP_LEVEL = new Set(['README.md', 'LICENSE', 'package.json']);
const ALLOWED_REQUIRES = new Set(['n8n-workflow', 'node:crypto']);
const SCAN_PATTERNS = ['**/*.js', 'package.json'];

class ScanSetupError extends Error {}

function run(command, args, cwd) {
	const result = spawnSync(command, args, {
		cwd,
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
		shell: process.platform === 'win32',
	});
	if (result.error) {
		throw new ScanSetupError(
			`${command} ${args.join(' ')} could not start: ${result.error.message}`,
		);
	}
	if (result.status !== 0) {
		throw new ScanSetupError(
			`${command} ${args.join(' ')} failed (exit ${result.status}):\n${result.stderr || result.stdout}`,
		);
	}
	return result.stdout;
}

/**
 * Packs every folder of `packageDirs` into `destination` with one `npm pack` run (npm's own start
 * costs more than packing a small package); returns, in the same order, each package's name,
 * tarball path and packed file paths. A single folder is packed from inside it, as a user's
 * `npm pack` would.
 */
function pack(packageDirs, destination) {
	const args = ['pack', '--json', '--ignore-scripts', '--pack-destination', destination];
	const stdout =
		packageDirs.length === 1
			? run('npm', args, packageDirs[0])
			: run('npm', [...args, ...packageDirs], destination);
	// npm prints the JSON report on stdout; anything before the opening bracket is noise.
	const report = JSON.parse(stdout.slice(stdout.indexOf('[')));
	if (report.length !== packageDirs.length) {
		throw new ScanSetupError(
			`npm pack reported ${report.length} tarballs for ${packageDirs.length} folders`,
		);
	}
	return report.map((entry) => ({
		name: entry.name,
		tarball: path.join(destination, entry.filename),
		files: entry.files.map((file) => file.path.replace(/\\/g, '/')).sort(),
	}));
}

/** Problems with the packed file list (empty when fine). */
function checkFileList(files, packageJson) {
	const problems = [];
	for (const file of files) {
		if (!file.startsWith('dist/') && !ALLOWED_TOP_LEVEL.has(file)) {
			problems.push(`not allowed in the package: ${file}`);
		}
	}
	if (!files.some((file) => file.startsWith('dist/'))) {
		problems.push('nothing under dist/ is packed: run the build first');
	}
	const declared = [...(packageJson.n8n?.nodes ?? []), ...(packageJson.n8n?.credentials ?? [])];
	for (const file of declared) {
		const normalised = path.posix.normalize(file);
		if (!files.includes(normalised)) {
			problems.push(`package.json n8n entry is not in the package: ${file}`);
		}
	}
	return problems;
}

/** Problems with modules required by the compiled code (empty when fine). */
function checkRequires(unpackedDir, files) {
	const problems = [];
	const requireCall = /\brequire\s*\(\s*(?:(["'`])([^"'`]*)\1\s*\)|([^)]*)\))/g;
	for (const file of files.filter((name) => name.endsWith('.js'))) {
		const source = fs.readFileSync(path.join(unpackedDir, file), 'utf8');
		for (const match of source.matchAll(requireCall)) {
			const specifier = match[2];
			const line = source.slice(0, match.index).split('\n').length;
			if (specifier === undefined) {
				problems.push(`${file}:${line} require() with a computed argument: ${match[0]}`);
			} else if (!specifier.startsWith('.') && !ALLOWED_REQUIRES.has(specifier)) {
				problems.push(
					`${file}:${line} requires "${specifier}" (allowed: relative files, ${[...ALLOWED_REQUIRES].join(', ')})`,
				);
			}
		}
	}
	return problems;
}

/**
 * Problems with `file:` icons named in the compiled code (empty when fine). n8n resolves an icon
 * against the folder of the node or credential file it loads; a description kept in a module of
 * its own is resolved against the entry file, so either folder may be the right base.
 */
function checkIcons(files, packageJson, unpackedDir) {
	const problems = [];
	const packed = new Set(files);
	const entryDirs = [
		...(packageJson.n8n?.nodes ?? []),
		...(packageJson.n8n?.credentials ?? []),
	].map((file) => path.posix.dirname(path.posix.normalize(file)));
	const iconReference = /(["'`])file:([^"'`]+\.(?:svg|png))\1/g;
	for (const file of files.filter((name) => name.endsWith('.js'))) {
		const source = fs.readFileSync(path.join(unpackedDir, file), 'utf8');
		for (const match of source.matchAll(iconReference)) {
			const bases = [path.posix.dirname(file), ...entryDirs];
			const found = bases.some((base) => packed.has(path.posix.join(base, match[2])));
			if (!found) {
				problems.push(`${file} names icon file:${match[2]}, which is not in the package`);
			}
		}
	}
	return problems;
}

let scanner;

/** n8n's scanner module, imported once per process (loading it and eslint costs about a second). */
function loadScanner() {
	const scannerPath = require.resolve('@n8n/scan-community-package/scanner/scanner.mjs');
	scanner ??= import(pathToFileURL(scannerPath).href);
	return scanner;
}

/**
 * Checks one packed package (steps 2 to 4 above), writing its report through `log`; the tarball
 * is unpacked into `unpackedDir`, a new folder. Resolves to true when everything passed.
 */
async function checkPackage(packageJson, { tarball, files }, unpackedDir, log) {
	let passed = true;
	log(`\nTarball ${path.basename(tarball)} holds ${files.length} files:`);
	for (const file of files) log(`  ${file}`);

	const buildState = files.filter((file) => file.endsWith('.tsbuildinfo'));
	if (buildState.length > 0) {
		// Allowed (it is under dist/), but it is compiler state no user needs.
		log(
			`\n⚠️  Compiler build state is packed: ${buildState.join(', ')} (move tsBuildInfoFile out of dist/)`,
		);
	}

	fs.mkdirSync(unpackedDir, { recursive: true });
	run('tar', ['-xzf', tarball, '-C', unpackedDir, '--strip-components=1'], path.dirname(tarball));

	const fileProblems = [
		...checkFileList(files, packageJson),
		...checkRequires(unpackedDir, files),
		...checkIcons(files, packageJson, unpackedDir),
	];
	if (fileProblems.length > 0) {
		passed = false;
		log('\n❌ Package contents:');
		for (const problem of fileProblems) log(`  ${problem}`);
	} else {
		log(
			'\n✅ Package contents: only dist/, README.md, LICENSE, package.json; allowed imports only; icons packed',
		);
	}

	const { analyzePackage } = await loadScanner();
	const result = await analyzePackage(unpackedDir, SCAN_PATTERNS);
	if (result.passed) {
		log(`✅ n8n community package scan passed${result.message ? ` (${result.message})` : ''}`);
	} else {
		passed = false;
		log(`❌ n8n community package scan: ${result.message}`);
		if (result.details) log(result.details);
	}
	return passed;
}

/** The text an error that stopped a scan is reported with (the whole error when unexpected). */
function describeError(error) {
	return error instanceof ScanSetupError ? error.message : util.format(error);
}

/**
 * Scans each folder of `packageDirs` in this one process: one `npm pack` run for all of them (each
 * again on its own only when that run fails, so the failure is reported against its package) and
 * n8n's scanner loaded once. `outputFor(index)` gives the { log, error } pair that the report of
 * packageDirs[index] is written to. Resolves to one exit code per folder: 0 passed, 1 a violation,
 * 2 the scan could not run.
 */
async function scanPackages(packageDirs, outputFor) {
	const codes = packageDirs.map(() => 0);
	const fail = (index, error) => {
		codes[index] = 2;
		outputFor(index).error(error);
	};
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smsapi-scan-'));
	try {
		const packageJsons = [];
		for (const [index, packageDir] of packageDirs.entries()) {
			try {
				const packageJson = JSON.parse(
					fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'),
				);
				outputFor(index).log(
					`Packing ${packageJson.name}@${packageJson.version} from ${packageDir}`,
				);
				packageJsons[index] = packageJson;
			} catch (error) {
				fail(index, error);
			}
		}

		const toPack = packageDirs.map((_, index) => index).filter((index) => packageJsons[index]);
		const ids = toPack.map((index) => `${packageJsons[index].name}@${packageJsons[index].version}`);
		const packed = [];
		// One npm run for all of them, unless two share a name and version (and so a tarball name).
		if (toPack.length > 1 && new Set(ids).size === ids.length) {
			try {
				const reports = pack(
					toPack.map((index) => packageDirs[index]),
					workDir,
				);
				if (reports.every((report, at) => report.name === packageJsons[toPack[at]].name)) {
					toPack.forEach((index, at) => (packed[index] = reports[at]));
				}
			} catch {
				// Each is packed again on its own below, so the failure is reported against its package.
			}
		}
		for (const [at, index] of toPack.entries()) {
			if (packed[index]) continue;
			try {
				const destination = path.join(workDir, `tarball-${at}`);
				fs.mkdirSync(destination);
				[packed[index]] = pack([packageDirs[index]], destination);
			} catch (error) {
				fail(index, error);
			}
		}

		for (const [at, index] of toPack.entries()) {
			if (!packed[index]) continue;
			try {
				const unpackedDir = path.join(workDir, `${at}`, 'package');
				const { log } = outputFor(index);
				const passed = await checkPackage(packageJsons[index], packed[index], unpackedDir, log);
				if (!passed) codes[index] = 1;
			} catch (error) {
				fail(index, error);
			}
		}
	} finally {
		fs.rmSync(workDir, { recursive: true, force: true });
	}
	return codes;
}

/** `node scripts/scan-dist.js [packageDir]`: one package, its report printed as the scan runs. */
async function scanOne(packageDir) {
	const [code] = await scanPackages([path.resolve(packageDir)], () => ({
		log: console.log,
		error: (error) => console.error(describeError(error)),
	}));
	return code;
}

/**
 * `node scripts/scan-dist.js --json packageDir...`: prints a JSON array with one
 * { packageDir, code, output } per folder, `output` holding the report `scanOne` would print and
 * `code` its exit code; exits with the highest code.
 */
async function scanMany(packageDirs) {
	const dirs = packageDirs.map((dir) => path.resolve(dir));
	const outputs = dirs.map(() => []);
	const codes = await scanPackages(dirs, (index) => ({
		log: (line) => outputs[index].push(line),
		error: (error) => outputs[index].push(describeError(error)),
	}));
	const results = dirs.map((packageDir, index) => ({
		packageDir,
		code: codes[index],
		output: outputs[index].join('\n'),
	}));
	process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
	return Math.max(0, ...codes);
}

function main() {
	const args = process.argv.slice(2);
	if (args[0] === '--json') return scanMany(args.slice(1));
	return scanOne(args[0] ?? path.join(__dirname, '..'));
}

main().then(
	(code) => {
		process.exitCode = code;
	},
	(error) => {
		console.error(describeError(error));
		process.exitCode = 2;
	},
);
