/**
 * The operation tests mirror the operations (issue 43, point 2): each operation of the node,
 * `nodes/Smsapi/actions/<resource>/<operation>.operation.ts`, has its test beside its name,
 * `test/operations/<resource>/<operation>.test.ts`, and may add topic files one hop from it
 * (`<operation>.<topic>.test.ts`, e.g. sms/send.batching.test.ts). The dropdowns and list searches
 * (nodes/Smsapi/methods/) are tested in test/operations/methods/, the modules the tests share live
 * in test/operations/support/, and a test beside those folders goes over every operation of the
 * router (pathIds.test.ts). So a reader finds an operation's test in one hop, and no file holds
 * whatever did not fit elsewhere. Each of those tests keeps the network mocked (support/run-node.ts
 * useMockedNetwork): nock's interception outlives a test file in its jest worker.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { Smsapi } from '../../nodes/Smsapi/Smsapi.node';

const ROOT = path.resolve(__dirname, '..', '..');
const ACTIONS = path.join(ROOT, 'nodes', 'Smsapi', 'actions');
const METHODS = path.join(ROOT, 'nodes', 'Smsapi', 'methods');
const TESTS = path.join(ROOT, 'test', 'operations');

/** The folders of test/operations/ that are not a resource. */
const METHODS_FOLDER = 'methods';
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
const resourceFolders = () =>
	list(TESTS).filter((name) => isDir(path.join(TESTS, name)) && name !== METHODS_FOLDER && name !== SUPPORT_FOLDER);

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

	it('every folder of test/operations/ is a resource of the node, methods/ or support/', () => {
		const resources = new Set(operations.map((op) => op.split('/')[0]));
		expect(resourceFolders().filter((folder) => !resources.has(folder))).toEqual([]);
	});

	it("every test in a resource's folder is named after an operation of it: <operation>.test.ts or <operation>.<topic>.test.ts", () => {
		const strays = resourceFolders().flatMap((resource) =>
			filesBelow(path.join(TESTS, resource)).filter((file) => {
				const name = path.relative(path.join(TESTS, resource), file);
				const match = /^(\w+)(?:\.[a-z][A-Za-z0-9]*)?\.test\.ts$/.exec(name);
				return !match || !operations.includes(`${resource}/${match[1]}`);
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

	it("a test beside the folders goes over every operation: it takes the router's modules, so a new operation is covered by itself", () => {
		const beside = list(TESTS).filter((name) => !isDir(path.join(TESTS, name)));
		const notGenerated = beside.filter(
			(name) => !/import \{[^}]*\bmodules\b[^}]*\} from '\.\.\/\.\.\/nodes\/Smsapi\/actions\/router'/.test(read(path.join(TESTS, name))),
		);
		expect(notGenerated).toEqual([]);
	});

	it('every dropdown and list search is called by a test of test/operations/methods/, and each test there calls one', () => {
		const tests = list(path.join(TESTS, METHODS_FOLDER)).map((name) => path.join(TESTS, METHODS_FOLDER, name));
		const called = (file: string) => methodNames().filter((method) => new RegExp(`\\b${method}\\.call\\(`).test(read(file)));
		const methods = methodNames();
		expect(methods.length).toBeGreaterThan(10);
		expect({
			untested: methods.filter((method) => !tests.some((file) => called(file).includes(method))),
			callingNone: tests.filter((file) => called(file).length === 0).map(rel),
		}).toEqual({ untested: [], callingNone: [] });
	});

	it('every test of an operation or a dropdown lets no request out to a real network: it calls useMockedNetwork()', () => {
		const open = [...resourceFolders(), METHODS_FOLDER]
			.flatMap((folder) => filesBelow(path.join(TESTS, folder)))
			.filter((file) => file.endsWith('.test.ts') && !/^useMockedNetwork\(\);$/m.test(read(file)));
		expect(open.map(rel)).toEqual([]);
	});

	it('every test opens with a comment that says what it covers', () => {
		const silent = filesBelow(TESTS).filter((file) => file.endsWith('.test.ts') && !read(file).startsWith('/**'));
		expect(silent.map(rel)).toEqual([]);
	});
});
