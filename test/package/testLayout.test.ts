/**
 * The tests mirror the code (issue 43, point 2; issue 48, point 2): a test of the shipped code sits
 * in the folder of its room, test/<room>/ for nodes/Smsapi/<room>/ (test/transport/errors/ for
 * transport/errors/, test/credentials/ for credentials/), so a reader finds it in one hop. The other
 * folders of test/ are the harnesses and the suites across rooms (OWN_FOLDERS). In a room's folder a
 * module that is not a test lives in its support/ folder, and every test opens with a comment that
 * says what it covers. No file or folder of test/ has a catch-all name (`-more`, `More`, `misc`): a
 * name says what the file holds.
 *
 * Every shipped file is one hop from its tests: `test/<room>/<file>.test.ts` or
 * `<file>.<topic>.test.ts` (support/layout.ts testsHome), and every test of a room is named after a
 * file of its code. A test that starts n8n's engine in-process (it loads test/workflow/harness.ts)
 * is named `*.engine.test.ts`, so that `npm run test:quick` leaves it out; no text of test/ points at
 * a file that does not exist; test/README.md maps every folder of test/.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { filesBelow, isDir as isFolder, loads, missingPaths, NODE, read, rel as relative, ROOT, shippedFiles, TEST, testsNamedAfter, withoutOwnTest } from './support/layout';

/**
 * The folders of test/ that are not a room: the operations (test/operations/<resource>/), the
 * real-n8n suites, the package's own checks, the in-process workflows, the emulator,
 * the live check, and the support shared by several rooms.
 */
const OWN_FOLDERS = ['operations', 'e2e', 'package', 'workflow', 'emulator', 'live-check', 'support'];

/** A name that says only that something else is in it. */
const CATCH_ALL = /(^|[-_.])(more|misc|others?|various|stuff)([-_.]|$)|(More|Misc|Others?|Various)([A-Z._-]|$)/;

const rel = (file: string) => path.relative(ROOT, file);
const isDir = isFolder;

function entries(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		return entry.isDirectory() ? [full, ...entries(full)] : [full];
	});
}

/** The rooms of the shipped code: the folders of nodes/Smsapi and credentials. */
const ROOMS = [...fs.readdirSync(NODE).filter((name) => isDir(path.join(NODE, name))), 'credentials'];

/** The code folder a test folder of a room mirrors (test/transport/errors → nodes/Smsapi/transport/errors). */
const codeFolder = (testFolder: string) => {
	const [room, ...rest] = path.relative(TEST, testFolder).split(path.sep);
	return room === 'credentials' ? path.join(ROOT, 'credentials', ...rest) : path.join(NODE, room, ...rest);
};

/** The folders of test/ that belong to a room, and their files, support/ folders left out. */
const roomFolders = () =>
	entries(TEST).filter(
		(entry) => isDir(entry) && !OWN_FOLDERS.includes(path.relative(TEST, entry).split(path.sep)[0]) && !path.relative(TEST, entry).split(path.sep).includes('support'),
	);

describe('the layout of test/', () => {
	it('knows the rooms of the shipped code', () => {
		expect(ROOMS).toEqual(expect.arrayContaining(['helpers', 'callbacks', 'transport', 'items', 'send', 'wait', 'approval', 'trigger', 'actions', 'methods', 'credentials']));
	});

	it('every folder of test/ is a room of the shipped code, a folder inside it that mirrors the code, a support/ folder or one of its own', () => {
		const strays = roomFolders()
			.filter((folder) => {
				const room = path.relative(TEST, folder).split(path.sep)[0];
				return !ROOMS.includes(room) || !isDir(codeFolder(folder));
			})
			.map(rel);
		expect(strays).toEqual([]);
	});

	it("in a room's folder, only tests; what they share is in its support/ folder", () => {
		const modules = roomFolders()
			.flatMap((folder) => fs.readdirSync(folder).map((name) => path.join(folder, name)))
			.filter((file) => !isDir(file) && !file.endsWith('.test.ts'))
			.map(rel);
		expect(modules).toEqual([]);
	});

	it("every test of a room opens with a comment that says what it covers", () => {
		const tests = roomFolders().flatMap((folder) =>
			fs.readdirSync(folder).filter((name) => name.endsWith('.test.ts')).map((name) => path.join(folder, name)),
		);
		expect(tests.length).toBeGreaterThan(40);
		const silent = tests.filter((file) => !fs.readFileSync(file, 'utf8').startsWith('/**')).map(rel);
		expect(silent).toEqual([]);
	});

	it("every test of a room names the code it covers: it imports a file of its folder's code, or its opening comment names one", () => {
		const unnamed = roomFolders().flatMap((folder) => {
			const code = codeFolder(folder);
			const inCredentials = path.relative(ROOT, code).split(path.sep)[0] === 'credentials';
			const codePath = path.relative(inCredentials ? ROOT : NODE, code).split(path.sep).join('/');
			// An import ('../../nodes/Smsapi/send/batching', '../../credentials/x') or a path in words ('send/batching.ts').
			const mentions = new RegExp(`(?:${inCredentials ? '\\.\\./' : 'nodes/Smsapi/'}|^|[^\\w/.-])${codePath}/(\\w+)`, 'gm');
			return fs
				.readdirSync(folder)
				.filter((name) => name.endsWith('.test.ts'))
				.map((name) => path.join(folder, name))
				.filter((file) => ![...fs.readFileSync(file, 'utf8').matchAll(mentions)].some((match) => fs.existsSync(path.join(code, `${match[1]}.ts`))))
				.map(rel);
		});
		expect(unnamed).toEqual([]);
	});

	it('no file or folder of test/ has a catch-all name (-more, More, misc)', () => {
		expect(CATCH_ALL.test('rest-more.test.ts') && CATCH_ALL.test('methodsMore.test.ts') && CATCH_ALL.test('misc')).toBe(true);
		expect(CATCH_ALL.test('extraFields.test.ts') || CATCH_ALL.test('moreover.ts') || CATCH_ALL.test('resources-rest.test.ts')).toBe(false);
		const named = entries(TEST)
			.filter((entry) => !rel(entry).includes(`${path.sep}fixtures${path.sep}`))
			.filter((entry) => CATCH_ALL.test(path.basename(entry)))
			.map(rel);
		expect(named).toEqual([]);
	});
});

/** The in-process engine's harness: a test that loads it starts n8n's engine. */
const HARNESS = path.join(TEST, 'workflow', 'harness.ts');

/** The tests of test/ that jest's unit project runs (test/e2e is real n8n's). */
const unitTests = () => filesBelow(TEST).filter((file) => file.endsWith('.test.ts') && !relative(file).startsWith('test/e2e/'));

describe('every shipped file one hop from its tests', () => {
	it('every shipped file has a test named after it in its room: test/<room>/<file>.test.ts or <file>.<topic>.test.ts', () => {
		const files = shippedFiles();
		expect(files.length).toBeGreaterThan(200);
		const untested = files.filter((file) => testsNamedAfter(file).length === 0 && withoutOwnTest(file) === undefined).map(relative);
		expect(untested).toEqual([]);
	});

	it('holds no more than types or re-exports in the files it lets go without a test of their own', () => {
		const exempt = shippedFiles().filter((file) => withoutOwnTest(file) === 'types or re-exports only');
		expect(exempt.map(relative).sort()).toEqual(
			expect.arrayContaining(['nodes/Smsapi/transport/index.ts', 'nodes/Smsapi/transport/types.ts']),
		);
		// A file with a function in it is no such file, and needs its test.
		expect(exempt.filter((file) => /^\s*export (async )?function /m.test(read(file))).map(relative)).toEqual([]);
	});

	it("every test of a room is named after a file of its folder's code: <file>.test.ts or <file>.<topic>.test.ts", () => {
		const folders = roomFolders().filter((folder) => isDir(codeFolder(folder)));
		const strays = folders.flatMap((folder) =>
			fs
				.readdirSync(folder)
				.filter((name) => name.endsWith('.test.ts'))
				.filter((name) => {
					const base = name.split('.')[0];
					return !['.ts', '.node.ts', '.credentials.ts'].some((ending) => fs.existsSync(path.join(codeFolder(folder), `${base}${ending}`))) &&
						!fs.existsSync(path.join(codeFolder(folder), `${name.replace(/\.[^.]*\.test\.ts$|\.test\.ts$/, '')}.ts`));
				})
				.map((name) => relative(path.join(folder, name))),
		);
		expect(strays).toEqual([]);
	});

	it("a test that starts n8n's engine in-process (it loads test/workflow/harness.ts) is named *.engine.test.ts, and only such a test", () => {
		const tests = unitTests();
		const starts = tests.filter((file) => loads(file, HARNESS));
		expect(starts.length).toBeGreaterThan(20);
		expect({
			startsTheEngineUnnamed: starts.filter((file) => !file.endsWith('.engine.test.ts')).map(relative),
			namedButStartsNone: tests.filter((file) => file.endsWith('.engine.test.ts') && !starts.includes(file)).map(relative),
		}).toEqual({ startsTheEngineUnnamed: [], namedButStartsNone: [] });
	});

	it('npm run test:quick runs every unit test but those that start n8n (test/e2e) or its engine (*.engine.test.ts)', () => {
		const script = (JSON.parse(read(path.join(ROOT, 'package.json'))) as { scripts: Record<string, string> }).scripts['test:quick'];
		// The fuzzers run a tenth of their cases there (test/support/random.ts fuzzCases), every case in npm test;
		// a worker loads the packages once (test/sharedModules.js).
		expect(script).toMatch(/^SMSAPI_FUZZ_SCALE=0\.1 SMSAPI_JEST_SHARED_MODULES=1 jest --selectProjects unit /);
		const ignored = [...script.matchAll(/--testPathIgnorePatterns='?([^'\s]+)'?/g)].map((match) => new RegExp(match[1]));
		const quick = filesBelow(TEST).filter((file) => file.endsWith('.test.ts') && !ignored.some((pattern) => pattern.test(file)));
		const expected = unitTests().filter((file) => !file.endsWith('.engine.test.ts'));
		expect(quick.map(relative).sort()).toEqual(expected.map(relative).sort());
		expect(quick.filter((file) => loads(file, HARNESS)).map(relative)).toEqual([]);
	});

	it('no file of test/ points at a file that does not exist', () => {
		const texts = filesBelow(TEST).filter((file) => /\.(ts|js|md)$/.test(file));
		expect(texts.length).toBeGreaterThan(300);
		const dangling = texts.map((file) => [relative(file), missingPaths(file)] as const).filter(([, missing]) => missing.length > 0);
		expect(Object.fromEntries(dangling)).toEqual({});
	});

	it('test/README.md maps every folder of test/ and every room folder, and says how to run one file and the quick run', () => {
		const map = read(path.join(TEST, 'README.md'));
		const folders = [
			...fs.readdirSync(TEST).filter((name) => isDir(path.join(TEST, name))).map((name) => `test/${name}/`),
			...roomFolders().map((folder) => `${relative(folder)}/`),
		];
		expect(folders.filter((folder) => !map.includes(`\`${folder}\``))).toEqual([]);
		expect(map).toContain('npm run test:quick');
		expect(map).toMatch(/npx jest --selectProjects unit --maxWorkers=1 test\/\S+\.test\.ts/);
	});
});
