/**
 * docs/DEVELOPERS.md describes the code as it is (issue 48, point 1): its Layout table has one line
 * for every room of the shipped code (the node classes, credentials/ and each folder of
 * nodes/Smsapi/), each naming the folders inside it and exactly the rooms test/package/imports.test.ts
 * lets it import (ROOMS_BELOW); every file or folder the guide names exists, every `npm run` names a
 * script of package.json, and the guide keeps no history of measurements (bench/README.md does).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { isDir, NODE, read, ROOT } from './support/layout';

const GUIDE = path.join(ROOT, 'docs', 'DEVELOPERS.md');
const guide = read(GUIDE);

/** The rooms each room may import, as test/package/imports.test.ts states them. */
function roomsBelow(): Record<string, string[]> {
	const table = /const ROOMS_BELOW: Record<string, string\[\]> = \{([\s\S]*?)\n\};/.exec(read(path.join(ROOT, 'test', 'package', 'imports.test.ts')));
	if (!table) throw new Error('ROOMS_BELOW not found in test/package/imports.test.ts');
	return Object.fromEntries(
		[...table[1].matchAll(/^\s*(\w+):\s*\[([^\]]*)\]/gm)].map(([, room, list]) => [room, [...list.matchAll(/'(\w+)'/g)].map((match) => match[1])]),
	);
}

/** The rows of the table under "## Layout": [room cell, owns cell, may-import cell]. */
function layoutRows(): string[][] {
	const section = /^## Layout\n([\s\S]*?)(?=^## )/m.exec(guide)?.[1] ?? '';
	return section
		.split('\n')
		.filter((line) => line.startsWith('| `'))
		.map((line) => line.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim()));
}

const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
/** `helpers/` → helpers; `nodes/Smsapi/*.node.ts` and `credentials/` as they are. */
const roomOf = (cell: string) => backticked(cell)[0]?.replace(/\/$/, '');

/** A name with placeholders (`<resource>`, `*`) as a pattern of one path segment each. */
const pattern = (name: string) =>
	new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/<[^>]+>|\*/g, '[^/]+')}$`);

/** Whether a name the guide uses exists: from the root, nodes/Smsapi/, docs/ or the room of its line. */
function exists(name: string, room?: string): boolean {
	const bare = name.replace(/#.*$/, '').replace(/\/$/, '');
	const bases = [ROOT, NODE, path.join(ROOT, 'docs'), ...(room ? [room === 'credentials' ? path.join(ROOT, 'credentials') : path.join(NODE, room)] : [])];
	if (!/[<*]/.test(bare)) return bases.some((base) => fs.existsSync(path.join(base, bare)));
	return bases.some((base) => {
		const segments = bare.split('/');
		let found = [base];
		for (const segment of segments) {
			const match = pattern(segment);
			found = found.flatMap((dir) => (isDir(dir) ? fs.readdirSync(dir).filter((entry) => match.test(entry)).map((entry) => path.join(dir, entry)) : []));
		}
		return found.length > 0;
	});
}

/**
 * A backticked text that names a file or folder: not a command, a value, an option, a path outside
 * the repository (`~/…`) or a naming rule alone (`*.engine.test.ts`, `<file>.<topic>.test.ts`).
 */
const namesAPath = (text: string) =>
	!/\s|^-|^\$|^~|=|^https?:/.test(text) &&
	(/\//.test(text) || /\.(ts|js|json|md|sh|yml)$/.test(text)) &&
	!/^(?:[*]|<[^>]+>)(?:\.(?:[*]|<[^>]+>|\w+))*$/.test(text);

describe('docs/DEVELOPERS.md', () => {
	it('has one Layout line for each room of the code: the node classes, credentials/ and every folder of nodes/Smsapi/', () => {
		const rooms = layoutRows().map(([cell]) => roomOf(cell));
		const folders = fs.readdirSync(NODE).filter((name) => isDir(path.join(NODE, name)));
		expect(rooms.sort()).toEqual(['credentials', 'nodes/Smsapi/*.node.ts', ...folders].sort());
	});

	it('names in each line the folders inside its room', () => {
		const missing = layoutRows().flatMap(([cell, owns]) => {
			const room = roomOf(cell);
			const dir = room === 'credentials' ? path.join(ROOT, 'credentials') : path.join(NODE, room);
			if (!isDir(dir) || room === 'actions') return [];
			return fs
				.readdirSync(dir)
				.filter((name) => isDir(path.join(dir, name)))
				.map((name) => `${room}/${name}/`)
				.filter((inner) => !owns.includes(`\`${inner}\``));
		});
		expect(missing).toEqual([]);
	});

	it('says for each room of nodes/Smsapi/ exactly the rooms it may import (ROOMS_BELOW), and only the transport the credential', () => {
		const below = roomsBelow();
		expect(Object.keys(below).length).toBeGreaterThan(8);
		const said = Object.fromEntries(
			layoutRows()
				.map(([cell, , imports]) => [roomOf(cell), backticked(imports).map((name) => name.replace(/\/$/, '')).sort()] as const)
				.filter(([room]) => room in below),
		);
		const expected = Object.fromEntries(Object.entries(below).map(([room, list]) => [room, [...list, ...(room === 'transport' ? ['credentials'] : [])].sort()]));
		expect(said).toEqual(expected);
	});

	it('names only files and folders that exist', () => {
		const rows = layoutRows();
		const inRows = rows.flatMap((row) => backticked(row.join(' ')).filter(namesAPath).map((name) => [name, roomOf(row[0])] as const));
		const elsewhere = backticked(guide.replace(/^\| `.*$/gm, '')).filter(namesAPath).map((name) => [name, undefined] as const);
		const inCommands = [...guide.matchAll(/\b(?:npx jest|npm run \S+ --|flock \S+ npx jest)[^`\n]*?\s((?:test|scripts)\/[\w./-]+)/g)].map((match) => [match[1], undefined] as const);
		const all = [...inRows, ...elsewhere, ...inCommands];
		expect(all.length).toBeGreaterThan(60);
		expect(all.filter(([name, room]) => !exists(name, room)).map(([name]) => name)).toEqual([]);
	});

	it('runs only scripts package.json has', () => {
		const scripts = Object.keys((JSON.parse(read(path.join(ROOT, 'package.json'))) as { scripts: Record<string, string> }).scripts);
		const run = [...new Set([...guide.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]))];
		expect(run.length).toBeGreaterThan(5);
		expect(run.filter((script) => !scripts.includes(script))).toEqual([]);
	});

	it('keeps no history of measurements: dated figures live in bench/README.md', () => {
		expect(guide.match(/\b20\d\d-\d\d-\d\d\b/g) ?? []).toEqual([]);
		expect(read(path.join(ROOT, 'bench', 'README.md'))).toMatch(/^## The bench/m);
	});
});
