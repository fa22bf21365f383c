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
 * Exit code 0 when everything passes, 1 on any violation, 2 when the scan itself could not run.
 */
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { pathToFileURL } = require('node:url');

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
		throw new ScanSetupError(`${command} ${args.join(' ')} could not start: ${result.error.message}`);
	}
	if (result.status !== 0) {
		throw new ScanSetupError(
			`${command} ${args.join(' ')} failed (exit ${result.status}):\n${result.stderr || result.stdout}`,
		);
	}
	return result.stdout;
}

/** Packs `packageDir` into `destination`; returns the tarball path and the packed file paths. */
function pack(packageDir, destination) {
	const stdout = run(
		'npm',
		['pack', '--json', '--ignore-scripts', '--pack-destination', destination],
		packageDir,
	);
	// npm prints the JSON report on stdout; anything before the opening bracket is noise.
	const report = JSON.parse(stdout.slice(stdout.indexOf('[')));
	const [entry] = report;
	return {
		tarball: path.join(destination, entry.filename),
		files: entry.files.map((file) => file.path.replace(/\\/g, '/')).sort(),
	};
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
				problems.push(`${file}:${line} requires "${specifier}" (allowed: relative files, ${[...ALLOWED_REQUIRES].join(', ')})`);
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
	const entryDirs = [...(packageJson.n8n?.nodes ?? []), ...(packageJson.n8n?.credentials ?? [])].map(
		(file) => path.posix.dirname(path.posix.normalize(file)),
	);
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

async function loadScanner() {
	const scannerPath = require.resolve('@n8n/scan-community-package/scanner/scanner.mjs');
	return import(pathToFileURL(scannerPath).href);
}

async function main() {
	const packageDir = path.resolve(process.argv[2] ?? path.join(__dirname, '..'));
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smsapi-scan-'));
	let failed = false;
	try {
		const packageJson = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
		console.log(`Packing ${packageJson.name}@${packageJson.version} from ${packageDir}`);
		const { tarball, files } = pack(packageDir, workDir);

		console.log(`\nTarball ${path.basename(tarball)} holds ${files.length} files:`);
		for (const file of files) console.log(`  ${file}`);

		const buildState = files.filter((file) => file.endsWith('.tsbuildinfo'));
		if (buildState.length > 0) {
			// Allowed (it is under dist/), but it is compiler state no user needs.
			console.log(`\n⚠️  Compiler build state is packed: ${buildState.join(', ')} (move tsBuildInfoFile out of dist/)`);
		}

		const unpackedDir = path.join(workDir, 'package');
		fs.mkdirSync(unpackedDir);
		run('tar', ['-xzf', tarball, '-C', unpackedDir, '--strip-components=1'], workDir);

		const fileProblems = [
			...checkFileList(files, packageJson),
			...checkRequires(unpackedDir, files),
			...checkIcons(files, packageJson, unpackedDir),
		];
		if (fileProblems.length > 0) {
			failed = true;
			console.log('\n❌ Package contents:');
			for (const problem of fileProblems) console.log(`  ${problem}`);
		} else {
			console.log(
				'\n✅ Package contents: only dist/, README.md, LICENSE, package.json; allowed imports only; icons packed',
			);
		}

		const { analyzePackage } = await loadScanner();
		const result = await analyzePackage(unpackedDir, SCAN_PATTERNS);
		if (result.passed) {
			console.log(`✅ n8n community package scan passed${result.message ? ` (${result.message})` : ''}`);
		} else {
			failed = true;
			console.log(`❌ n8n community package scan: ${result.message}`);
			if (result.details) console.log(result.details);
		}
	} finally {
		fs.rmSync(workDir, { recursive: true, force: true });
	}
	return failed ? 1 : 0;
}

main().then(
	(code) => {
		process.exitCode = code;
	},
	(error) => {
		console.error(error instanceof ScanSetupError ? error.message : error);
		process.exitCode = 2;
	},
);
