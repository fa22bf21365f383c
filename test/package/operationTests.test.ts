/**
 * The operation tests mirror the operations (issue 43, point 2; issue 48, point 2): each operation
 * of the node, `nodes/Smsapi/actions/<resource>/<operation>.operation.ts`, has its test beside its
 * name, `test/operations/<resource>/<operation>.test.ts`, and may add topic files one hop from it
 * (`<operation>.<topic>.test.ts`, e.g. test/operations/sms/send.batching.test.ts; its workflows in
 * n8n's engine `<operation>.engine.test.ts`). The other files of actions/ have theirs in the same
 * place (`test/operations/<resource>/fields.test.ts`, `test/operations/router.pathIds.test.ts`).
 * The dropdowns and list searches (nodes/Smsapi/methods/) are tested in test/methods/, the modules
 * the tests share live in test/operations/support/, and the tests of actions/router.ts go over every
 * operation of the router. So a reader finds an operation's test in one hop, and no file holds
 * whatever did not fit elsewhere. Each of those tests keeps the network mocked
 * (test/operations/support/run-node.ts useMockedNetwork): nock's interception outlives a test file
 * in its jest worker.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { Smsapi } from '../../nodes/Smsapi/Smsapi.node';

const ROOT = path.resolve(__dirname, '..', '..');
const ACTIONS = path.join(ROOT, 'nodes', 'Smsapi', 'actions');
const METHODS = path.join(ROOT, 'nodes', 'Smsapi', 'methods');
const TESTS = path.join(ROOT, 'test', 'operations');
const METHODS_TESTS = path.join(ROOT, 'test', 'methods');

/** The folder of test/operations/ that is not a resource. */
const SUPPORT_FOLDER = 'support';

const isDir = (file: string) => fs.statSync(file).isDirectory();
const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
const read = (file: string) => fs.readFileSync(file, 'utf8');

/** Every file below `dir`, with its path. */
function filesBelow(dir: string): string[] {
	return list(dir).flatMap((name) => {
		const full = path.join(dir, name);
		return isDir(full) ? filesBelow(full) : [full];
	});
}

/** `resource/operation` for every operation the node's description offers (its `operation` options by resource). */
function describedOperations(): string[] {
	const properties = new Smsapi().description.properties;
	const resources = (properties.find((property) => property.name === 'resource')?.options ?? []) as Array<{ value: string }>;
	return resources.flatMap(({ value: resource }) => {
		const selector = properties.find(
			(property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource),
		);
		return ((selector?.options ?? []) as Array<{ value: string }>).map(({ value }) => `${resource}/${value}`);
	});
}

/** `resource/operation` for every `actions/<resource>/<operation>.operation.ts`. */
function operationFiles(): string[] {
	return list(ACTIONS)
		.filter((resource) => isDir(path.join(ACTIONS, resource)))
		.flatMap((resource) =>
			list(path.join(ACTIONS, resource))
				.filter((name) => name.endsWith('.operation.ts'))
				.map((name) => `${resource}/${name.slice(0, -'.operation.ts'.length)}`),
		);
}

/** The resource folders of test/operations/. */
const resourceFolders = () => list(TESTS).filter((name) => isDir(path.join(TESTS, name)) && name !== SUPPORT_FOLDER);

/** The file a test is named after: `send` of send.batching.test.ts and send.engine.test.ts. */
const namedAfter = (name: string) => /^(\w+)(?:\.[a-z][A-Za-z0-9]*)*\.test\.ts$/.exec(name)?.[1];

/** The dropdowns and list searches of the node (the functions nodes/Smsapi/methods/ exports). */
function methodNames(): string[] {
	return ['loadOptions.ts', 'listSearch.ts'].flatMap((file) =>
		[...read(path.join(METHODS, file)).matchAll(/^export async function (\w+)/gm)].map((match) => match[1]),
	);
}

describe('operation tests', () => {
	const operations = operationFiles();

	it('every operation the node offers has its .operation.ts, named by its operation value, and no other file is one', () => {
		const described = describedOperations();
		expect(described.length).toBeGreaterThan(60);
		expect({ withoutFile: described.filter((op) => !operations.includes(op)), notOffered: operations.filter((op) => !described.includes(op)) }).toEqual({
			withoutFile: [],
			notOffered: [],
		});
	});

	it('every .operation.ts has test/operations/<resource>/<operation>.test.ts', () => {
		const missing = operations
			.map((op) => `test/operations/${op}.test.ts`)
			.filter((test) => !fs.existsSync(path.join(ROOT, test)));
		expect(missing).toEqual([]);
	});

	it('every folder of test/operations/ is a resource of the node or support/', () => {
		const resources = new Set(operations.map((op) => op.split('/')[0]));
		expect(resourceFolders().filter((folder) => !resources.has(folder))).toEqual([]);
	});

	it("every test in a resource's folder is named after an operation or a file of it: <name>.test.ts or <name>.<topic>.test.ts", () => {
		const strays = resourceFolders().flatMap((resource) =>
			filesBelow(path.join(TESTS, resource)).filter((file) => {
				const name = namedAfter(path.relative(path.join(TESTS, resource), file));
				return !name || !(operations.includes(`${resource}/${name}`) || fs.existsSync(path.join(ACTIONS, resource, `${name}.ts`)));
			}),
		);
		expect(strays.map(rel)).toEqual([]);
	});

	it('a module that is not a test lives in support/', () => {
		const modules = filesBelow(TESTS).filter(
			(file) => !file.endsWith('.test.ts') && path.relative(TESTS, file).split(path.sep)[0] !== SUPPORT_FOLDER,
		);
		expect(modules.map(rel)).toEqual([]);
		expect(filesBelow(path.join(TESTS, SUPPORT_FOLDER)).filter((file) => file.endsWith('.test.ts')).map(rel)).toEqual([]);
	});

	it("a test beside the folders is named after a file of actions/, and a test of the router goes over every operation: it takes the router's modules or the node's description, so a new operation is covered by itself", () => {
		const beside = list(TESTS).filter((name) => !isDir(path.join(TESTS, name)));
		expect(beside.filter((name) => !fs.existsSync(path.join(ACTIONS, `${namedAfter(name)}.ts`)))).toEqual([]);
		const ofRouter = beside.filter((name) => namedAfter(name) === 'router');
		expect(ofRouter.length).toBeGreaterThan(0);
		const notGenerated = ofRouter.filter((name) => {
			const text = read(path.join(TESTS, name));
			return (
				!/import \{[^}]*\bmodules\b[^}]*\} from '\.\.\/\.\.\/nodes\/Smsapi\/actions\/router'/.test(text) &&
				!/new Smsapi\(\)\.description/.test(text)
			);
		});
		expect(notGenerated).toEqual([]);
	});

	it('every dropdown and list search is called by a test of test/methods/, and each test there calls one', () => {
		const tests = list(METHODS_TESTS).filter((name) => name.endsWith('.test.ts')).map((name) => path.join(METHODS_TESTS, name));
		const called = (file: string) => methodNames().filter((method) => new RegExp(`\\b${method}\\.call\\(`).test(read(file)));
		const methods = methodNames();
		expect(methods.length).toBeGreaterThan(10);
		expect({
			untested: methods.filter((method) => !tests.some((file) => called(file).includes(method))),
			callingNone: tests.filter((file) => called(file).length === 0).map(rel),
		}).toEqual({ untested: [], callingNone: [] });
	});

	it('every test of an operation or a dropdown lets no request out to a real network: it calls useMockedNetwork()', () => {
		const open = [...resourceFolders().map((folder) => path.join(TESTS, folder)), METHODS_TESTS]
			.flatMap((folder) => filesBelow(folder))
			.filter((file) => file.endsWith('.test.ts') && !/^useMockedNetwork\(\);$/m.test(read(file)));
		expect(open.map(rel)).toEqual([]);
	});

	it('every test opens with a comment that says what it covers', () => {
		const silent = filesBelow(TESTS).filter((file) => file.endsWith('.test.ts') && !read(file).startsWith('/**'));
		expect(silent.map(rel)).toEqual([]);
	});
});
