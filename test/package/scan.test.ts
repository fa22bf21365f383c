import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ensureBuilt } from '../e2e/harness/build';

const ROOT = path.resolve(__dirname, '../..');
const SCAN_SCRIPT = path.join(ROOT, 'scripts/scan-dist.js');
const SCAN_TIMEOUT = 180_000;

interface ScanRun {
	status: number | null;
	output: string;
}

/**
 * Scans every folder of `packages` (name -> folder) with one `scan-dist.js --json` run: one Node
 * process and one `npm pack` for all of them, n8n's scanner and eslint loaded once instead of once
 * per folder. Returns each folder's exit code and report under its name, the code and report that
 * `node scripts/scan-dist.js <folder>` gives for it. Whatever the run writes to stderr cannot be
 * told apart by package, so it is passed on to this process's stderr rather than to every report.
 */
function scanAll(packages: Record<string, string>): Record<string, ScanRun> {
	const names = Object.keys(packages);
	const result = spawnSync(
		process.execPath,
		[SCAN_SCRIPT, '--json', ...names.map((name) => packages[name])],
		{ cwd: ROOT, encoding: 'utf8', timeout: SCAN_TIMEOUT, maxBuffer: 64 * 1024 * 1024 },
	);
	if (result.stderr)
		process.stderr.write(`scan.test.ts: scan-dist.js --json stderr:\n${result.stderr}\n`);
	let reports: Array<{ code: number; output: string }>;
	try {
		reports = JSON.parse(result.stdout);
	} catch {
		const end = result.error?.message ?? `exit ${result.status ?? result.signal}`;
		throw new Error(`scan-dist.js --json printed no report (${end}):\n${result.stdout}`);
	}
	const runs: Record<string, ScanRun> = {};
	names.forEach((name, index) => {
		runs[name] = { status: reports[index].code, output: reports[index].output };
	});
	return runs;
}

const CLEAN_NODE_JS = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Fixture = void 0;
const n8n_workflow_1 = require("n8n-workflow");
const helpers_1 = require("./helpers");
class Fixture {
    constructor() {
        this.description = { displayName: 'Fixture', name: 'fixture', icon: 'file:../../icons/fixture.svg' };
    }
    async execute() {
        await (0, n8n_workflow_1.sleep)(10);
        return [this.getInputData().map((item, index) => ({ json: { sum: (0, helpers_1.add)(index, 1) }, pairedItem: { item: index } }))];
    }
}
exports.Fixture = Fixture;
`;

const CLEAN_HELPERS_JS = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.add = add;
function add(a, b) {
    return a + b;
}
`;

/** Uses restricted globals, each "excused" by an inline disable that the scan must ignore. */
const DIRTY_HELPERS_JS = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.add = add;
function add(a, b) {
    // eslint-disable-next-line
    setTimeout(() => undefined, 1);
    /* eslint-disable @n8n/community-nodes/no-restricted-globals */
    const debug = process.env.FIXTURE_DEBUG;
    return debug ? a : a + b;
}
`;

interface FixtureOptions {
	helpersJs?: string;
	files?: string[];
	extraFiles?: Record<string, string>;
}

function writeFixture(parent: string, name: string, options: FixtureOptions = {}): string {
	const dir = path.join(parent, name);
	const packageJson = {
		name: `n8n-nodes-${name}`,
		version: '1.0.0',
		description: 'A fixture package for the scan test of n8n-nodes-smsapi-plus.',
		keywords: ['n8n-community-node-package'],
		license: 'MIT',
		homepage: 'https://example.com/fixture',
		author: { name: 'Fixture Author', email: 'fixture@example.com' },
		repository: { type: 'git', url: 'git+https://example.com/fixture.git' },
		main: 'index.js',
		files: options.files ?? ['dist'],
		n8n: {
			n8nNodesApiVersion: 1,
			strict: true,
			credentials: [],
			nodes: ['dist/nodes/Fixture/Fixture.node.js'],
		},
		peerDependencies: { 'n8n-workflow': '*' },
	};
	const files: Record<string, string> = {
		'package.json': JSON.stringify(packageJson, null, 2),
		'README.md': '# Fixture\n',
		LICENSE: 'MIT\n',
		'dist/nodes/Fixture/Fixture.node.js': CLEAN_NODE_JS,
		'dist/nodes/Fixture/helpers.js': options.helpersJs ?? CLEAN_HELPERS_JS,
		'dist/icons/fixture.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 60"/>',
		...options.extraFiles,
	};
	for (const [file, content] of Object.entries(files)) {
		mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
		writeFileSync(path.join(dir, file), content);
	}
	return dir;
}

/**
 * The real package as the current sources build it: a dist/ left from an earlier or partial build
 * (tsc output without the icons gulp copies) would prove nothing. ensureBuilt() builds unless its
 * record of the last successful build matches both the sources and dist/ (so a repeat `npm test`
 * does not build again); a failed build fails this file.
 */
beforeAll(() => ensureBuilt(), SCAN_TIMEOUT);

/**
 * All the scans of this file, in one run before its tests (see scanAll): a fixture package for each
 * fixture test, and this package.
 */
let fixtures: string;
let runs: Record<string, ScanRun>;

beforeAll(() => {
	fixtures = mkdtempSync(path.join(tmpdir(), 'smsapi-scan-fixtures-'));
	const missingIcon = writeFixture(fixtures, 'missing-icon');
	rmSync(path.join(missingIcon, 'dist/icons/fixture.svg'));
	const missingNode = writeFixture(fixtures, 'missing-node');
	rmSync(path.join(missingNode, 'dist/nodes/Fixture/Fixture.node.js'));
	const packages: Record<string, string> = {
		clean: writeFixture(fixtures, 'clean'),
		dirty: writeFixture(fixtures, 'dirty', { helpersJs: DIRTY_HELPERS_JS }),
		extraFiles: writeFixture(fixtures, 'extra-files', {
			files: ['dist', 'src'],
			extraFiles: { 'src/index.ts': 'export const secret = 1;\n' },
		}),
		badRequire: writeFixture(fixtures, 'bad-require', {
			helpersJs: `${CLEAN_HELPERS_JS}const fs = require("fs");\nexports.read = () => fs.readFileSync("x");\n`,
		}),
		missingIcon,
		missingNode,
		thisPackage: ROOT,
	};
	runs = scanAll(packages);
}, SCAN_TIMEOUT);

afterAll(() => {
	rmSync(fixtures, { recursive: true, force: true });
});

/** A scan that passed and listed `packedFile` among the files of the package. */
function expectPassed(run: ScanRun, packedFile: string): void {
	expect(run.output).toContain(packedFile);
	expect(run.output).toContain('n8n community package scan passed');
	expect(run.status).toBe(0);
}

describe('scripts/scan-dist.js on fixture packages', () => {
	it('passes a clean package and lists its files', () => {
		expectPassed(runs.clean, 'dist/nodes/Fixture/Fixture.node.js');
	});

	it('fails on setTimeout and process.env even behind inline eslint-disable comments', () => {
		const run = runs.dirty;
		expect(run.status).toBe(1);
		expect(run.output).toContain('ESLint violations found');
		expect(run.output).toContain('dist/nodes/Fixture/helpers.js');
		// line 6 is setTimeout, line 8 process.env: both right under their disable comments
		expect(run.output).toMatch(/\b6:\d+\s+error\s+.*setTimeout.*no-restricted-globals/);
		expect(run.output).toMatch(/\b8:\d+\s+error\s+.*process.*no-restricted-globals/);
	});

	it('fails when files beyond dist/, README.md, LICENSE and package.json are packed', () => {
		const run = runs.extraFiles;
		expect(run.output).toContain('not allowed in the package: src/index.ts');
		expect(run.status).toBe(1);
	});

	it('fails when compiled code requires a module other than n8n-workflow or node:crypto', () => {
		const run = runs.badRequire;
		expect(run.output).toContain('dist/nodes/Fixture/helpers.js:7 requires "fs"');
		expect(run.status).toBe(1);
	});

	it('fails when an icon named by the compiled code is not packed', () => {
		const run = runs.missingIcon;
		expect(run.output).toContain(
			'dist/nodes/Fixture/Fixture.node.js names icon file:../../icons/fixture.svg, which is not in the package',
		);
		expect(run.status).toBe(1);
	});

	it('fails when a file named in package.json n8n is not packed', () => {
		const run = runs.missingNode;
		expect(run.output).toContain(
			'package.json n8n entry is not in the package: dist/nodes/Fixture/Fixture.node.js',
		);
		expect(run.status).toBe(1);
	});
});

describe('scripts/scan-dist.js on this package', () => {
	it('passes the scan of the packed dist/', () => {
		expectPassed(runs.thisPackage, 'dist/credentials/SmsapiApi.credentials.js');
	});
});
