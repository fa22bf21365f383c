/**
 * The shipped code's import structure (nodes/, credentials/) keeps its layers: no import circles,
 * only the transport reads the credential's module, the credential reads nothing of the nodes,
 * each room of nodes/Smsapi imports only the rooms below it (ROOMS_BELOW), helpers/ and
 * callbacks/ hold pure code (nothing bound to n8n's execution context), no two shipped files
 * outside a resource's own folder share a name, and a shipped file exports only the names another
 * file (shipped, test or script) imports.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

function tsFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return tsFiles(full);
		return entry.name.endsWith('.ts') ? [full] : [];
	});
}

const FILES = ['nodes', 'credentials'].flatMap((dir) => tsFiles(path.join(ROOT, dir)));
const rel = (file: string) => path.relative(ROOT, file);

/** The project files a file imports or re-exports (relative specifiers resolved; packages left out). */
function importsOf(file: string): string[] {
	const text = fs.readFileSync(file, 'utf8');
	const specifiers = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s*'(\.[^']+)'/g)].map((match) => match[1]);
	return specifiers
		.map((specifier) => {
			const base = path.resolve(path.dirname(file), specifier);
			return [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate));
		})
		.filter((target): target is string => target !== undefined);
}

const GRAPH = new Map(FILES.map((file) => [file, importsOf(file)]));

/** The room of a file: its first folder under nodes/Smsapi ('' for the node classes), or credentials. */
function room(file: string): string {
	const relative = rel(file);
	if (relative.startsWith('credentials/')) return 'credentials';
	const parts = relative.replace(/^nodes\/Smsapi\//, '').split('/');
	return parts.length > 1 ? parts[0] : '';
}

/**
 * The rooms each room of nodes/Smsapi may import (besides its own; the node classes may import any,
 * only the transport the credential's module). Lowest first: pure helpers and callback parsing, the
 * transport, the item reading, the sending core, the waits, the trigger, the operations, the dropdowns.
 */
const ROOMS_BELOW: Record<string, string[]> = {
	helpers: [],
	callbacks: ['helpers'],
	transport: ['helpers'],
	items: ['helpers', 'transport'],
	send: ['helpers', 'items', 'transport'],
	// What both waits share (the check, one resume, the waiting item, the answer that keeps waiting).
	wait: ['helpers'],
	delivery: ['helpers', 'callbacks', 'items', 'send', 'transport', 'wait'],
	approval: ['helpers', 'items', 'send', 'transport', 'wait'],
	trigger: ['helpers', 'callbacks', 'items', 'transport'],
	actions: ['helpers', 'items', 'send', 'transport', 'wait', 'delivery', 'approval'],
	methods: ['helpers', 'items', 'transport', 'actions'],
};

/** The file a relative specifier of `from` names (`./x` is x.ts, x/index.ts or x.js), if it is one of the project's. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
	const base = path.resolve(path.dirname(from), specifier);
	return [`${base}.ts`, path.join(base, 'index.ts'), `${base}.js`, base].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}

/** The names a list in braces names at its source (`a`, `b as c` → b, `type d` → d). */
const sourceNames = (list: string) =>
	list
		.split(',')
		.map((part) => part.replace(/^\s*type\s+/, '').split(/\s+as\s+/)[0].trim())
		.filter(Boolean);

/**
 * What every file of the project takes from another: per file, the names imported or re-exported
 * from it, '*' when it is taken whole (`import * as`, `export * from`, `require`, `import()`).
 */
function namesTaken(): Map<string, Set<string>> {
	const files = ['nodes', 'credentials', 'test', 'scripts'].flatMap((dir) =>
		fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
			.filter((name) => /\.(ts|js)$/.test(name) && !name.split(path.sep).includes('node_modules'))
			.map((name) => path.join(ROOT, dir, name)),
	);
	const taken = new Map<string, Set<string>>();
	const take = (from: string, specifier: string, names: string[]) => {
		const target = specifier.startsWith('.') ? resolveSpecifier(from, specifier) : undefined;
		if (target === undefined || target === from) return;
		const set = taken.get(target) ?? new Set<string>();
		for (const name of names) set.add(name);
		taken.set(target, set);
	};
	for (const file of files) {
		const text = fs.readFileSync(file, 'utf8');
		for (const [, list, specifier] of text.matchAll(/\b(?:import|export)\s+(?:type\s+)?(?:\w+\s*,\s*)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) take(file, specifier, sourceNames(list));
		for (const [, specifier] of text.matchAll(/\b(?:import|export)\s+(?:type\s+)?\*(?:\s+as\s+\w+)?\s+from\s*['"]([^'"]+)['"]/g)) take(file, specifier, ['*']);
		for (const [, specifier] of text.matchAll(/\b(?:require|import|jest\.mock|jest\.requireActual)\(\s*['"]([^'"]+)['"]\s*\)/g)) take(file, specifier, ['*']);
		for (const [, specifier] of text.matchAll(/\bimport\s+\w+\s+from\s*['"]([^'"]+)['"]/g)) take(file, specifier, ['default']);
	}
	return taken;
}

/** The names a shipped file exports: its exported declarations and the names of its `export { … }` lists. */
function exportedNames(file: string): string[] {
	const text = fs.readFileSync(file, 'utf8');
	const declared = [...text.matchAll(/^export\s+(?:declare\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+(\w+)/gm)].map((match) => match[1]);
	const destructured = [...text.matchAll(/^export\s+const\s+\{([^}]*)\}/gm)].flatMap((match) => match[1].split(',').map((part) => part.split(':').pop()!.trim()));
	const listed = [...text.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}/gm)].flatMap((match) =>
		match[1].split(',').map((part) => part.replace(/^\s*type\s+/, '').split(/\s+as\s+/).pop()!.trim()),
	);
	const namespaces = [...text.matchAll(/^export\s+\*\s+as\s+(\w+)/gm)].map((match) => match[1]);
	return [...declared, ...destructured, ...listed, ...namespaces].filter(Boolean);
}

/** Strongly connected components of more than one file (Tarjan): the import circles. */
function circles(): string[][] {
	let counter = 0;
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const found: string[][] = [];
	const visit = (file: string) => {
		index.set(file, counter);
		low.set(file, counter++);
		stack.push(file);
		onStack.add(file);
		for (const next of GRAPH.get(file) ?? []) {
			if (!index.has(next)) {
				visit(next);
				low.set(file, Math.min(low.get(file)!, low.get(next)!));
			} else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
		}
		if (low.get(file) === index.get(file)) {
			const component: string[] = [];
			let member: string;
			do {
				member = stack.pop()!;
				onStack.delete(member);
				component.push(rel(member));
			} while (member !== file);
			if (component.length > 1) found.push(component.sort());
		}
	};
	for (const file of FILES) if (!index.has(file)) visit(file);
	return found;
}

describe('the import structure of the shipped code', () => {
	it('reads every file of nodes/ and credentials/', () => {
		expect(FILES.length).toBeGreaterThan(100);
		expect([...GRAPH.values()].flat().length).toBeGreaterThan(300);
	});

	it('has no import circles', () => {
		expect(circles()).toEqual([]);
	});

	it('only the transport imports credentials/; the credential imports nothing of nodes/', () => {
		const wrong = [...GRAPH]
			.flatMap(([file, targets]) => targets.map((target) => [rel(file), rel(target)]))
			.filter(([file, target]) =>
				file.startsWith('nodes/')
					? target.startsWith('credentials/') && !file.startsWith('nodes/Smsapi/transport/')
					: target.startsWith('nodes/'),
			);
		expect(wrong).toEqual([]);
	});

	it('helpers/ holds pure functions: none takes n8n’s execution context', () => {
		const helpers = FILES.filter((file) => rel(file).startsWith('nodes/Smsapi/helpers/'));
		expect(helpers.length).toBeGreaterThan(5);
		const bound = helpers
			.filter((file) => /\bI(Execute|ExecuteSingle|Hook|Webhook|LoadOptions)Functions\b/.test(fs.readFileSync(file, 'utf8')))
			.map(rel);
		expect(bound).toEqual([]);
	});

	it('each room of nodes/Smsapi imports only the rooms below it (no upward arrow)', () => {
		const upward = [...GRAPH]
			.flatMap(([file, targets]) => targets.map((target) => [room(file), room(target), `${rel(file)} → ${rel(target)}`]))
			.filter(([from, to]) => from !== to && from !== '' && to !== 'credentials' && !(ROOMS_BELOW[from] ?? []).includes(to))
			.map(([, , arrow]) => arrow);
		expect(upward).toEqual([]);
		// Every room is named in the table (a new room states its place).
		const rooms = new Set(FILES.map(room).filter((name) => name !== '' && name !== 'credentials'));
		expect([...rooms].filter((name) => !(name in ROOMS_BELOW))).toEqual([]);
	});

	it('callback parsing lives in one pure place (callbacks/), which the trigger and the waits use', () => {
		const callbacks = FILES.filter((file) => room(file) === 'callbacks');
		expect(callbacks.map(rel)).toContain('nodes/Smsapi/callbacks/callbackParsing.ts');
		const bound = callbacks.filter((file) => /\bI(Execute|ExecuteSingle|Hook|Webhook|LoadOptions)Functions\b/.test(fs.readFileSync(file, 'utf8'))).map(rel);
		expect(bound).toEqual([]);
		const parsers = FILES.filter((file) => /export function parseCallback\b/.test(fs.readFileSync(file, 'utf8'))).map(rel);
		expect(parsers).toEqual(['nodes/Smsapi/callbacks/callbackParsing.ts']);
	});

	it('pacing is one pure helper that the transport, the sending core and the items use', () => {
		const pacer = FILES.find((file) => rel(file) === 'nodes/Smsapi/helpers/pacer.ts') as string;
		expect(pacer).toBeDefined();
		const users = new Set([...GRAPH].filter(([, targets]) => targets.includes(pacer)).map(([file]) => room(file)));
		expect([...users]).toEqual(expect.arrayContaining(['transport', 'send']));
		expect(FILES.filter((file) => /export class (Pacer|Turns)\b/.test(fs.readFileSync(file, 'utf8'))).map(rel)).toEqual(['nodes/Smsapi/helpers/pacer.ts']);
	});

	it("the transport's errors are in one folder", () => {
		const transportRoot = FILES.filter((file) => path.dirname(rel(file)) === 'nodes/Smsapi/transport').map((file) => path.basename(file));
		expect(transportRoot.filter((name) => /error|redact|giveUp|tokenOnly|network/i.test(name))).toEqual([]);
		expect(FILES.filter((file) => rel(file).startsWith('nodes/Smsapi/transport/errors/')).length).toBeGreaterThanOrEqual(8);
	});

	it("no two shipped files share a name, but a resource's own files (operations, fields, index, rest, lists)", () => {
		const shared = FILES.filter((file) => !/^nodes\/Smsapi\/actions\/[^/]+\//.test(rel(file)) && path.basename(file) !== 'index.ts');
		const byName = new Map<string, string[]>();
		for (const file of shared) byName.set(path.basename(file), [...(byName.get(path.basename(file)) ?? []), rel(file)]);
		expect([...byName.values()].filter((files) => files.length > 1)).toEqual([]);
	});
	it('a shipped file exports only what another file imports (operations and index files are taken whole)', () => {
		const taken = namesTaken();
		const exported = FILES.flatMap((file) => exportedNames(file).map((name) => ({ file, name })));
		expect(exported.length).toBeGreaterThan(400);
		const needless = exported
			.filter(({ file, name }) => !taken.get(file)?.has('*') && !taken.get(file)?.has(name))
			.map(({ file, name }) => `${rel(file)}: ${name}`);
		expect(needless).toEqual([]);
	});
});
