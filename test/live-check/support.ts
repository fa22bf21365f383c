/** Running the live-check command in-process and reading its table, for test/live-check. */
import { main } from '../../scripts/live-check/cli';

export interface CommandRun {
	code: number;
	output: string;
	/** Check name -> verdict, from the table. */
	verdicts: Record<string, string>;
	/** Check name -> its detail lines. */
	notes: Record<string, string[]>;
}

const ROW = /^(\S.*?)\s{2,}(OK|DIFFERS|FAILED|SKIPPED)(?:\s{2}(.*))?$/;

export async function liveCheck(args: string[], env: Record<string, string> = {}): Promise<CommandRun> {
	const lines: string[] = [];
	const code = await main(args, { out: (line) => lines.push(...line.split('\n')), env });
	const verdicts: Record<string, string> = {};
	const notes: Record<string, string[]> = {};
	let current: string | undefined;
	for (const line of lines) {
		const row = ROW.exec(line);
		if (row) {
			current = row[1].trim();
			verdicts[current] = row[2];
			notes[current] = row[3] ? [row[3]] : [];
		} else if (current && /^\s{10,}\S/.test(line)) {
			notes[current].push(line.trim());
		} else {
			current = undefined;
		}
	}
	return { code, output: lines.join('\n'), verdicts, notes };
}
