/**
 * The tests mirror the code (issue 43, point 2): a test of the shipped code sits in the folder of
 * its room, test/<room>/ for nodes/Smsapi/<room>/ (test/transport/errors/ for transport/errors/,
 * test/credentials/ for credentials/), so a reader finds it in one hop. The other folders of test/
 * are the harnesses and the suites across rooms (OWN_FOLDERS). In a room's folder a module that is
 * not a test lives in its support/ folder, and every test opens with a comment that says what it
 * covers. No file or folder of test/ has a catch-all name (`-more`, `More`, `misc`): a name says
 * what the file holds.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const TEST = path.join(ROOT, 'test');
const NODE = path.join(ROOT, 'nodes', 'Smsapi');

/**
 * The folders of test/ that are not a room: the operations (test/operations/<resource>/), the
 * real-n8n suites, the package's own checks, the fuzzers, the in-process workflows, the emulator,
 * the live check, and the support shared by several rooms.
 */
const OWN_FOLDERS = ['operations', 'e2e', 'package', 'fuzz', 'workflow', 'emulator', 'live-check', 'support'];

/** A name that says only that something else is in it. */
const CATCH_ALL = /(^|[-_.])(more|misc|others?|various|stuff)([-_.]|$)|(More|Misc|Others?|Various)([A-Z._-]|$)/;

const rel = (file: string) => path.relative(ROOT, file);
const isDir = (file: string) => fs.existsSync(file) && fs.statSync(file).isDirectory();

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
