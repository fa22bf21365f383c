/**
 * n8n's command line against one user folder: import credentials and workflows before n8n runs
 * (a running n8n is reached through its REST API and webhooks instead: no CLI start per call).
 */
import * as fs from 'fs';
import * as path from 'path';

import { newId } from './ids';
import type { N8nLine } from './lines';
import type { InstanceLog } from './n8n-log';
import { runProcess, type RunResult } from './proc';
import type { CredentialJson, WorkflowJson } from './types';

const DEFAULT_CLI_TIMEOUT_MS = 90_000;

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
}
