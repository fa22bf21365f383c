/**
 * Files that do one thing stay short: no source file of the shipped code (nodes/, credentials/)
 * grows over 300 lines, no file of the tests and scripts (test/, scripts/) over 400. A file that needs
 * more holds two concerns; split it by what each holds. A large real-n8n suite stays one jest file
 * whose tests live in modules beside it (test/e2e/README.md, "A large suite stays one jest file").
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const MAX_SHIPPED_LINES = 300;
const MAX_LINES = 400;

function sourceFiles(dir: string, extensions: RegExp): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full, extensions);
		return extensions.test(entry.name) ? [full] : [];
	});
}

/** Lines as `wc -l` and an editor count them (a last line without a newline counts too). */
function lineCount(file: string): number {
	const text = fs.readFileSync(file, 'utf8');
	return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function tooLong(files: string[], maxLines: number): Array<{ file: string; lines: number }> {
	return files
		.map((file) => ({ file: path.relative(ROOT, file), lines: lineCount(file) }))
		.filter(({ lines }) => lines > maxLines);
}

describe('shipped source files', () => {
	it(`each has at most ${MAX_SHIPPED_LINES} lines`, () => {
		const files = ['nodes', 'credentials'].flatMap((dir) => sourceFiles(path.join(ROOT, dir), /\.ts$/));
		expect(files.length).toBeGreaterThan(50);
		expect(tooLong(files, MAX_SHIPPED_LINES)).toEqual([]);
	});
});

describe('test and script files', () => {
	it(`each has at most ${MAX_LINES} lines`, () => {
		const files = ['test', 'scripts'].flatMap((dir) => sourceFiles(path.join(ROOT, dir), /\.(ts|js)$/));
		expect(files.length).toBeGreaterThan(200);
		expect(tooLong(files, MAX_LINES)).toEqual([]);
	});
});
