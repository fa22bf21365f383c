/**
 * The shipped code's import structure (nodes/, credentials/) keeps its layers: no import circles,
 * only the transport reads the credential's module, the credential reads nothing of the nodes,
 * and helpers/ holds pure functions (nothing bound to n8n's execution context).
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
});
