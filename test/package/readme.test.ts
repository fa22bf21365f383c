/**
 * The README is what users read on npm and in n8n's community-node page (issue 43): at most 350 lines,
 * a contents line that links every H2 and nothing else, one table that names every resource and
 * operation the node offers (and the trigger's table every event), and no relative link or image in
 * README.md, docs/*.md or the developers' READMEs (bench/, test/) that points at a missing file or heading. Pure: reads the Markdown files and
 * the node classes' descriptions from the sources.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { Smsapi } from '../../nodes/Smsapi/Smsapi.node';
import { SmsapiTrigger } from '../../nodes/Smsapi/SmsapiTrigger.node';

const ROOT = path.resolve(__dirname, '..', '..');
const README = path.join(ROOT, 'README.md');
const MAX_README_LINES = 350;

const read = (file: string) => fs.readFileSync(file, 'utf8');

/** Lines as `wc -l` and an editor count them (a last line without a newline counts too). */
function lineCount(text: string): number {
	return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** The lines of a Markdown text outside fenced code blocks, blank in their place so line numbers hold. */
function proseLines(text: string): string[] {
	let fenced = false;
	return text.split('\n').map((line) => {
		if (/^\s*(```|~~~)/.test(line)) {
			fenced = !fenced;
			return '';
		}
		return fenced ? '' : line;
	});
}

/** GitHub's heading anchor (github-slugger): lower case, only letters, digits, `_`, `-` and spaces kept, spaces to `-`. */
function slugOf(heading: string): string {
	const text = heading
		.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/<[^>]+>/g, '')
		.replace(/[`*]/g, '');
	return text
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
		.replace(/ /g, '-');
}

interface Heading {
	level: number;
	text: string;
	slug: string;
	line: number;
}

function headingsOf(text: string): Heading[] {
	const seen = new Map<string, number>();
	const headings: Heading[] = [];
	proseLines(text).forEach((line, index) => {
		const match = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
		if (!match) return;
		const base = slugOf(match[2]);
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		headings.push({ level: match[1].length, text: match[2], slug: count === 0 ? base : `${base}-${count}`, line: index });
	});
	return headings;
}

/** Link and image targets of a text, code spans and fenced blocks left out. */
function linkTargets(text: string): string[] {
	const prose = proseLines(text).join('\n').replace(/`[^`\n]*`/g, '');
	return [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]);
}

/** The lines of a section: from its heading to the next heading of the same or a higher level. */
function sectionLines(text: string, slug: string): string[] {
	const headings = headingsOf(text);
	const start = headings.find((heading) => heading.slug === slug);
	if (!start) throw new Error(`no heading #${slug}`);
	const end = headings.find((heading) => heading.line > start.line && heading.level <= start.level);
	return proseLines(text).slice(start.line + 1, end?.line);
}

/** The body rows of the first table of some lines, each row as its trimmed cells. */
function firstTable(lines: string[]): string[][] {
	const first = lines.findIndex((line) => line.startsWith('|'));
	if (first < 0) return [];
	const rows: string[][] = [];
	for (const line of lines.slice(first)) {
		if (!line.startsWith('|')) break;
		rows.push(
			line
				.replace(/^\|/, '')
				.replace(/\|\s*$/, '')
				.split(/(?<!\\)\|/)
				.map((cell) => cell.trim()),
		);
	}
	return rows.slice(2); // the header and the separator row
}

const readme = read(README);
const docs = fs
	.readdirSync(path.join(ROOT, 'docs'))
	.filter((name) => name.endsWith('.md'))
	.map((name) => path.join(ROOT, 'docs', name));

describe('README.md', () => {
	it(`has at most ${MAX_README_LINES} lines`, () => {
		expect(lineCount(readme)).toBeLessThanOrEqual(MAX_README_LINES);
	});

	it('has a contents line that links every H2, in order, and nothing else', () => {
		const lines = proseLines(readme);
		const start = lines.findIndex((line) => line.startsWith('Contents:'));
		expect(start).toBeGreaterThanOrEqual(0);
		const end = lines.findIndex((line, index) => index > start && line.trim() === '');
		const contents = lines.slice(start, end < 0 ? undefined : end).join('\n');
		const h2 = headingsOf(readme)
			.filter((heading) => heading.level === 2)
			.map((heading) => `#${heading.slug}`);
		expect(h2.length).toBeGreaterThan(5);
		expect(linkTargets(contents)).toEqual(h2);
	});

	it('names every resource and operation of the SMSAPI node in its operations table, one row each', () => {
		const { properties } = new Smsapi().description;
		const resource = properties.find((property) => property.name === 'resource');
		const offered = ((resource?.options ?? []) as INodePropertyOptions[]).flatMap((option) =>
			properties
				.filter(
					(property: INodeProperties) =>
						property.name === 'operation' && property.displayOptions?.show?.resource?.includes(option.value),
				)
				.flatMap((property) => (property.options ?? []) as INodePropertyOptions[])
				.map((operation) => `${option.name} → ${operation.name}`),
		);
		expect(offered.length).toBeGreaterThan(50);
		const rows = firstTable(sectionLines(readme, 'operations')).map(([name, operation]) => `${name} → ${operation}`);
		expect(new Set(rows).size).toBe(rows.length);
		expect([...rows].sort()).toEqual([...offered].sort());
	});

	it("names every event of the SMSAPI Trigger in the trigger's table", () => {
		const event = new SmsapiTrigger().description.properties.find((property) => property.name === 'event');
		const events = ((event?.options ?? []) as INodePropertyOptions[]).map((option) => option.name);
		expect(events.length).toBeGreaterThan(4);
		const rows = firstTable(sectionLines(readme, 'smsapi-trigger')).map(([name]) => name);
		expect([...rows].sort()).toEqual([...events].sort());
	});
});

/** The developers' READMEs beside the code: the bench's measurements and the map of test/. */
const developerReadmes = ['bench', 'test', 'test/e2e', 'test/workflow', 'test/emulator'].map((dir) => path.join(ROOT, dir, 'README.md'));

describe('relative links and images in README.md, docs/*.md and the developers\' READMEs', () => {
	it.each([README, ...docs, ...developerReadmes].map((file) => [path.relative(ROOT, file), file]))(
		'%s: each points to a file that exists, and to a heading there when it names one',
		(_name, file) => {
			const broken = linkTargets(read(file))
				.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
				.filter((target) => {
					const [filePart, anchor] = target.split('#');
					const resolved = filePart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(filePart));
					if (!fs.existsSync(resolved)) return true;
					if (anchor === undefined || !resolved.endsWith('.md')) return false;
					return !headingsOf(read(resolved)).some((heading) => heading.slug === anchor);
				});
			expect(broken).toEqual([]);
		},
	);
});
