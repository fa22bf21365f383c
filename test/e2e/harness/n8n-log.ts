/**
 * The log files of one n8n instance: the main file (every CLI run and the main process) and one
 * file per other process (workers, webhook processes), so a test can tell which process did what.
 */
import * as fs from 'fs';

import type { RunResult } from './proc';
import { tailFile } from './proc';

export class InstanceLog {
	/** Files of the other processes by process name (e.g. worker1), in start order. */
	private readonly processFiles = new Map<string, string>();

	constructor(
		readonly file: string,
		private readonly title: string,
	) {}

	/** The file a process writes to: the main file for `main`, its own file for the others. */
	fileOf(processName: string): string {
		if (processName === 'main') return this.file;
		let file = this.processFiles.get(processName);
		if (!file) {
			file = this.file.replace(/\.log$/, `.${processName}.log`);
			this.processFiles.set(processName, file);
		}
		return file;
	}

	append(processName: string, text: string): void {
		fs.appendFileSync(this.fileOf(processName), text);
	}

	/** Everything: the main file, then each other process's file. */
	all(): string {
		return [this.file, ...this.processFiles.values()]
			.map((file) => {
				try {
					return fs.readFileSync(file, 'utf8');
				} catch {
					return '';
				}
			})
			.join('\n');
	}

	/** The log of one process (main: the main file). */
	of(processName: string): string {
		try {
			return fs.readFileSync(this.fileOf(processName), 'utf8');
		} catch {
			return '';
		}
	}

	/** Size of the main file, to read what comes after it with since(). */
	size(): number {
		return fs.statSync(this.file).size;
	}

	/** The main file from byte `offset` on. */
	since(offset: number): string {
		const fd = fs.openSync(this.file, 'r');
		try {
			const size = fs.fstatSync(fd).size;
			const buf = Buffer.alloc(Math.max(0, size - offset));
			fs.readSync(fd, buf, 0, buf.length, offset);
			return buf.toString('utf8');
		} finally {
			fs.closeSync(fd);
		}
	}

	tail(lines = 120): string {
		return tailFile(this.file, lines);
	}

	/** An error message: what failed, the run's output and the tail of the log. */
	failure(what: string, res?: RunResult): string {
		const out = res ? `\n--- stdout (tail)\n${res.stdout.slice(-4000)}\n--- stderr (tail)\n${res.stderr.slice(-4000)}` : '';
		const others = [...this.processFiles]
			.map(([name, file]) => `\n--- log of ${name} ${file} (tail)\n${tailFile(file, 30)}`)
			.join('');
		return `[${this.title}] ${what}${out}\n--- log ${this.file} (tail)\n${tailFile(this.file, 80)}${others}`;
	}
}
