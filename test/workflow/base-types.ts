/**
 * n8n's own nodes (`n8n-nodes-base.*`: Manual Trigger, No Operation, Set, Split Out, Schedule
 * Trigger, Send Email, ...) and their credential types (`smtp`), loaded on first use from the
 * n8n 2.x install that `npm test` provisions in the shared cache (they are no dependency of
 * this package). Each is the real class, found through the package's `dist/known/*.json` index
 * as n8n's lazy loader finds it. They resolve their own copy of n8n-workflow (the install's, of
 * the same version as ours). Under jest, the few ES-module-only packages among their
 * dependencies go through test/workflow/esm-to-commonjs.js (see jest.config.js).
 *
 * The Code node loads too, but n8n 2.x runs its code in a separate task-runner process, which
 * this harness does not start: a workflow test pins the Code node's output instead (`pinData`).
 */
import * as fs from 'fs';
import * as path from 'path';

import type { ICredentialType, INodeType, IVersionedNodeType } from 'n8n-workflow';

import { cacheDir, N8N_VERSIONS } from '../e2e/harness/config';

export const BASE_PACKAGE = 'n8n-nodes-base';

interface KnownClass {
	className: string;
	sourcePath: string;
}

/** The n8n-nodes-base folder of the provisioned n8n 2.x install. */
export function baseNodesDir(): string {
	return path.join(cacheDir(), `n8n-${N8N_VERSIONS['2']}`, 'node_modules', BASE_PACKAGE);
}

export class BaseTypes {
	private known?: { nodes: Record<string, KnownClass>; credentials: Record<string, KnownClass> };

	private readonly nodes = new Map<string, INodeType | IVersionedNodeType>();

	private readonly credentials = new Map<string, ICredentialType>();

	constructor(private readonly dir = baseNodesDir()) {}

	/** `manualTrigger` -> the ManualTrigger node type; undefined when n8n has no such node. */
	node(name: string): INodeType | IVersionedNodeType | undefined {
		if (!this.nodes.has(name)) {
			const entry = this.index().nodes[name];
			if (!entry) return undefined;
			this.nodes.set(name, this.instantiate<INodeType | IVersionedNodeType>(entry));
		}
		return this.nodes.get(name);
	}

	/** `smtp` -> the Smtp credential type; undefined when n8n has no such credential. */
	credential(name: string): ICredentialType | undefined {
		if (!this.credentials.has(name)) {
			const entry = this.index().credentials[name];
			if (!entry) return undefined;
			this.credentials.set(name, this.instantiate<ICredentialType>(entry));
		}
		return this.credentials.get(name);
	}

	private index() {
		if (!this.known) {
			const knownDir = path.join(this.dir, 'dist', 'known');
			if (!fs.existsSync(knownDir)) {
				throw new Error(
					`n8n's own nodes are not installed in ${this.dir}. Run \`bash scripts/provision.sh\` (npm test does it first).`,
				);
			}
			const read = (file: string) =>
				JSON.parse(fs.readFileSync(path.join(knownDir, file), 'utf8')) as Record<string, KnownClass>;
			this.known = { nodes: read('nodes.json'), credentials: read('credentials.json') };
		}
		return this.known;
	}

	private instantiate<T>({ className, sourcePath }: KnownClass): T {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const exported = (require(path.join(this.dir, sourcePath)) as Record<string, new () => T>)[className];
		return new exported();
	}
}
