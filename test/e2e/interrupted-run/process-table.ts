/**
 * What runs on this machine, read from /proc (Linux): the processes (with their start time, so a
 * pid with its start names one process even after pids are reused) and the listening TCP sockets.
 * The interrupted-run test (test/e2e/interrupted-run.test.ts) follows a run's processes with it.
 */
import * as fs from 'fs';

export interface ProcessInfo {
	pid: number;
	ppid: number;
	pgid: number;
	/** Clock ticks after boot (/proc/<pid>/stat field 22). */
	start: string;
	/** The command line, for messages. */
	cmd: string;
}

function readProcess(pid: number): ProcessInfo | undefined {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		if (fields[0] === 'Z' || fields[0] === 'X') return undefined;
		const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
		return { pid, ppid: Number(fields[1]), pgid: Number(fields[2]), start: fields[19], cmd };
	} catch {
		return undefined; // ended meanwhile
	}
}

/** The live processes (zombies left out: they hold nothing but their pid). */
export function processTable(): Map<number, ProcessInfo> {
	const table = new Map<number, ProcessInfo>();
	for (const name of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		const info = readProcess(Number(name));
		if (info) table.set(info.pid, info);
	}
	return table;
}

/** Whether the process `p` names is still running (same pid and start time). */
export function isRunning(p: Pick<ProcessInfo, 'pid' | 'start'>): boolean {
	return readProcess(p.pid)?.start === p.start;
}

/** Whether a process's environment holds `NAME=value` (false when it cannot be read). */
export function environHas(pid: number, entry: string): boolean {
	try {
		return fs.readFileSync(`/proc/${pid}/environ`).includes(Buffer.from(`${entry}\0`));
	} catch {
		return false;
	}
}

/** One value of a process's environment. */
export function environValue(pid: number, name: string): string | undefined {
	try {
		const entry = fs
			.readFileSync(`/proc/${pid}/environ`, 'utf8')
			.split('\0')
			.find((e) => e.startsWith(`${name}=`));
		return entry?.slice(name.length + 1);
	} catch {
		return undefined;
	}
}

/** Socket inode → port of every listening TCP socket (IPv4 and IPv6). */
export function listeningSockets(): Map<string, number> {
	const sockets = new Map<string, number>();
	for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
		let text = '';
		try {
			text = fs.readFileSync(file, 'utf8');
		} catch {
			continue;
		}
		for (const line of text.split('\n').slice(1)) {
			const f = line.trim().split(/\s+/);
			// sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode; 0A = LISTEN
			if (f.length < 10 || f[3] !== '0A') continue;
			sockets.set(f[9], parseInt(f[1].split(':').pop()!, 16));
		}
	}
	return sockets;
}

/** The socket inodes a process has open. */
export function socketInodesOf(pid: number): string[] {
	try {
		return fs.readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
			try {
				const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
				return m ? [m[1]] : [];
			} catch {
				return [];
			}
		});
	} catch {
		return [];
	}
}
