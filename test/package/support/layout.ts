/**
 * What the layout tests (testLayout.test.ts, operationTests.test.ts, developersGuide.test.ts) read
 * of the tree: the shipped files and the test folder each maps to, which shipped files hold no code
 * of their own (types, re-exports), the test files, their imports at run time, and the paths a text
 * names. Reads files only.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import * as ts from 'typescript';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
export const TEST = path.join(ROOT, 'test');
export const NODE = path.join(ROOT, 'nodes', 'Smsapi');

/** A path relative to the repository, with forward slashes. */
export const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
export const isDir = (file: string) => fs.existsSync(file) && fs.statSync(file).isDirectory();
export const read = (file: string) => fs.readFileSync(file, 'utf8');

/** Every file below `dir` (node_modules and recorded fixtures left out). */
export function filesBelow(dir: string): string[] {
	if (!isDir(dir)) return [];
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'fixtures' ? [] : filesBelow(full);
		return [full];
	});
}

/** The shipped source files: nodes/ and credentials/. */
export const shippedFiles = () => ['nodes', 'credentials'].flatMap((dir) => filesBelow(path.join(ROOT, dir))).filter((file) => file.endsWith('.ts'));

/**
 * Where the tests of a shipped file live, and the name they start with:
 * nodes/Smsapi/<room>/<sub>/<file>.ts → test/<room>/<sub>/<file>…, the operations and the other files
 * of actions/ → test/operations/… (`<operation>` for `<operation>.operation.ts`), credentials/<file>.ts →
 * test/credentials/<file>…, the node classes nodes/Smsapi/<Name>.node.ts → test/package/<Name>.node….
 */
export function testsHome(file: string): { folder: string; name: string } {
	const relative = path.relative(ROOT, file).split(path.sep);
	const name = relative[relative.length - 1].replace(/\.ts$/, '').replace(/\.operation$/, '');
	if (relative[0] === 'credentials') return { folder: path.join(TEST, 'credentials', ...relative.slice(1, -1)), name };
	const inNode = relative.slice(2);
	if (inNode.length === 1) return { folder: path.join(TEST, 'package'), name };
	const [room, ...rest] = inNode;
	return { folder: path.join(TEST, room === 'actions' ? 'operations' : room, ...rest.slice(0, -1)), name };
}

/** The tests named after a file: `<name>.test.ts` or `<name>.<topic>….test.ts` in its tests' folder. */
export function testsNamedAfter(file: string): string[] {
	const { folder, name } = testsHome(file);
	if (!isDir(folder)) return [];
	return fs
		.readdirSync(folder)
		.filter((entry) => entry.endsWith('.test.ts') && (entry === `${name}.test.ts` || (entry.startsWith(`${name}.`) && /^[a-z]/.test(entry.slice(name.length + 1)))))
		.map((entry) => path.join(folder, entry));
}

/**
 * Why a shipped file has no test of its own, if it has none to have: it holds only types or
 * re-exports (nothing runs; the compiler checks it), or it is a resource's list of operations
 * (actions/<resource>/index.ts), whose tests are its folder's: one per operation.
 */
export function withoutOwnTest(file: string): string | undefined {
	const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true);
	const declaresNothing = source.statements.every(
		(statement) =>
			ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement),
	);
	if (declaresNothing) return 'types or re-exports only';
	if (/^nodes\/Smsapi\/actions\/\w+\/index\.ts$/.test(rel(file))) return "a resource's operations, each tested in its folder";
	return undefined;
}

/** The project files a test or module loads when it runs: relative imports and requires, `import type` left out. */
export function runtimeImports(file: string): string[] {
	const text = read(file).replace(/\b(?:import|export)\s+type\s[^;]*?from\s*['"][^'"]+['"]/g, '');
	const specifiers = [
		...text.matchAll(/\bfrom\s*['"](\.[^'"]+)['"]/g),
		...text.matchAll(/\b(?:require|import|jest\.requireActual)\(\s*['"](\.[^'"]+)['"]\s*\)/g),
		...text.matchAll(/^import\s*['"](\.[^'"]+)['"]/gm),
	].map((match) => match[1]);
	return specifiers
		.map((specifier) => {
			const base = path.resolve(path.dirname(file), specifier);
			return [`${base}.ts`, `${base}.js`, path.join(base, 'index.ts'), base].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
		})
		.filter((target): target is string => target !== undefined);
}

/** Whether loading `file` loads `target` (through any chain of run-time imports). */
export function loads(file: string, target: string): boolean {
	const seen = new Set<string>();
	const pending = [file];
	while (pending.length > 0) {
		const next = pending.pop()!;
		if (next === target) return true;
		if (seen.has(next)) continue;
		seen.add(next);
		pending.push(...importsOf(next));
	}
	return false;
}

const importCache = new Map<string, string[]>();
const importsOf = (file: string) => importCache.get(file) ?? importCache.set(file, runtimeImports(file)).get(file)!;

/** The names of every folder of the repository (what a path in a text may start with). */
function folderNames(): Set<string> {
	const names = new Set<string>();
	const walk = (dir: string) => {
		for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
			if (!entry.isDirectory() || entry.name.startsWith('.') || ['node_modules', 'dist'].includes(entry.name)) continue;
			names.add(entry.name);
			walk(path.join(dir, entry.name));
		}
	};
	walk(ROOT);
	return names;
}

const PATH_IN_TEXT = /(?<![\w./<>*{}$-])((?:[\w-]+\/)+[\w.-]+\.(?:ts|js|md|json|sh|yml))(?![\w/<>*{}])/g;

/**
 * The paths a text names that start with a folder of the repository (`nodes/…`, `send/…`,
 * `support/…`, `test/e2e/…`) and exist nowhere: not from the repository's root, nodes/Smsapi/, the
 * text's own folder or any folder above it, nor, for a test, from its room's code. Paths of other projects (n8n's `utils/…`) are not ours.
 */
export function missingPaths(file: string): string[] {
	const folders = folderNames();
	const text = read(file);
	const bases = [ROOT, NODE];
	for (let dir = path.dirname(file); dir.startsWith(ROOT); dir = path.dirname(dir)) bases.push(dir);
	// A test names its room's files from the room (in test/send/, `idx/…` is nodes/Smsapi/send/idx/).
	const [top, room] = path.relative(ROOT, file).split(path.sep);
	if (top === 'test' && room) bases.push(path.join(NODE, room));
	return [...new Set([...text.matchAll(PATH_IN_TEXT)].map((match) => match[1]))]
		.filter((named) => folders.has(named.split('/')[0]))
		.filter((named) => !bases.some((base) => fs.existsSync(path.join(base, named))));
}
