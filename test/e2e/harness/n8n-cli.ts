/**
 * n8n's command line against one user folder: import credentials and workflows, run a workflow
 * once with `n8n execute` and read the run it prints.
 */
import * as fs from 'fs';
import * as path from 'path';

import { newId } from './ids';
import type { N8nLine } from './lines';
import type { InstanceLog } from './n8n-log';
import { runProcess, type RunResult } from './proc';
import type { CredentialJson, ExecuteResult, NodeRunData, WorkflowJson } from './types';

const DEFAULT_CLI_TIMEOUT_MS = 90_000;

/**
 * Extracts the IRun JSON that `n8n execute --rawOutput` prints (on success via stdout; on
 * failure n8n logs it as "Execution error:" then the JSON). Other log lines may surround it.
 */
export function extractRunJson(text: string): unknown {
	const lines = text.split('\n');
	const starts: number[] = [];
	lines.forEach((l, i) => {
		if (l.trimEnd() === '{') starts.push(i);
	});
	for (const start of starts) {
		for (let end = lines.length - 1; end > start; end--) {
			if (lines[end].trimEnd() !== '}') continue;
			try {
				const parsed = JSON.parse(lines.slice(start, end + 1).join('\n'));
				if (parsed && typeof parsed === 'object' && 'data' in parsed) return parsed;
			} catch {
				// try a shorter span
			}
		}
	}
	return undefined;
}

/** The import shape of a workflow: ids, name, settings and node positions filled in; inactive. */
export function completeWorkflow(wf: WorkflowJson): WorkflowJson & { id: string } {
	const copy: WorkflowJson = JSON.parse(JSON.stringify(wf));
	copy.id = copy.id ?? newId();
	copy.name = copy.name ?? `e2e ${copy.id}`;
	copy.active = false;
	copy.settings = copy.settings ?? {};
	copy.connections = copy.connections ?? {};
	copy.nodes = copy.nodes.map((n) => ({ id: n.id ?? newId(), position: n.position ?? [0, 0], ...n }));
	return copy as WorkflowJson & { id: string };
}

export class N8nCli {
	constructor(
		private readonly line: N8nLine,
		private readonly userFolder: string,
		private readonly env: () => Promise<NodeJS.ProcessEnv>,
		private readonly log: InstanceLog,
	) {}

	/** `[node, [n8n, ...args]]` for this line. */
	argv(args: string[]): [string, string[]] {
		return [this.line.nodeBin, [this.line.n8nBin, ...args]];
	}

	/** Runs an n8n CLI command against this user folder. Throws (with the log) on a non-zero exit unless allowFailure. */
	async run(args: string[], opts: { timeoutMs?: number; allowFailure?: boolean } = {}): Promise<RunResult> {
		const [cmd, argv] = this.argv(args);
		const timeoutMs = opts.timeoutMs ?? DEFAULT_CLI_TIMEOUT_MS;
		const res = await runProcess(cmd, argv, {
			cwd: this.userFolder,
			env: await this.env(),
			timeoutMs,
			logFile: this.log.file,
		});
		if (res.timedOut) throw new Error(this.log.failure(`n8n ${args.join(' ')} timed out after ${timeoutMs} ms`, res));
		if (res.code !== 0 && !opts.allowFailure) {
			throw new Error(this.log.failure(`n8n ${args.join(' ')} exited with ${res.code ?? res.signal}`, res));
		}
		return res;
	}

	/** Writes JSON to a fresh file in the user folder and returns its path. */
	private writeTemp(prefix: string, value: unknown): string {
		const file = path.join(this.userFolder, `${prefix}-${newId()}.json`);
		fs.writeFileSync(file, JSON.stringify(value, null, '\t'));
		return file;
	}

	/** Imports credentials (plain `data`; n8n encrypts it). Missing ids and names are filled in. */
	async importCredentials(creds: CredentialJson[]): Promise<Array<CredentialJson & { id: string; name: string }>> {
		const full = creds.map((c) => ({
			...c,
			id: c.id ?? newId(),
			name: c.name ?? `${c.type} ${newId().slice(0, 6)}`,
		}));
		await this.run(['import:credentials', `--input=${this.writeTemp('credentials', full)}`]);
		return full;
	}

	/** Imports workflows (inactive) in one call; returns them as imported. */
	async importWorkflows(wfs: WorkflowJson[]): Promise<Array<WorkflowJson & { id: string }>> {
		const full = wfs.map(completeWorkflow);
		await this.run(['import:workflow', `--input=${this.writeTemp('workflows', full)}`]);
		return full;
	}

	/**
	 * Runs a workflow once with `n8n execute` (its own n8n process, also while the server runs).
	 * Resolves with the run data even when the workflow failed (see `error`); rejects only when
	 * n8n produced no run data.
	 */
	async execute(workflowId: string, opts: { timeoutMs?: number } = {}): Promise<ExecuteResult> {
		const res = await this.run(['execute', `--id=${workflowId}`, '--rawOutput'], {
			timeoutMs: opts.timeoutMs,
			allowFailure: true,
		});
		const run = extractRunJson(res.stdout) ?? extractRunJson(res.stderr);
		if (!run) {
			throw new Error(this.log.failure(`n8n execute --id=${workflowId} printed no run data (exit ${res.code})`, res));
		}
		const r = run as {
			data?: { resultData?: { runData?: Record<string, NodeRunData[]>; error?: unknown; lastNodeExecuted?: string } };
			status?: string;
		};
		const resultData = r.data?.resultData ?? {};
		return {
			exitCode: res.code,
			status: r.status,
			runData: resultData.runData ?? {},
			error: resultData.error as ExecuteResult['error'],
			lastNodeExecuted: resultData.lastNodeExecuted,
			raw: run,
		};
	}
}
