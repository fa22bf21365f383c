/**
 * This package's node and credential types as n8n registers them, loaded from the TypeScript
 * sources: package.json's `n8n.nodes` / `n8n.credentials` list the built files
 * (`dist/nodes/Smsapi/Smsapi.node.js`); each maps to its source (`nodes/Smsapi/Smsapi.node.ts`),
 * whose class is named after the file, as n8n's loader expects. Node types are named
 * `<package name>.<description.name>`, credential types by their `name`.
 */
import * as fs from 'fs';
import * as path from 'path';

import type { ICredentialType, INodeType, IVersionedNodeType } from 'n8n-workflow';

export const PROJECT_ROOT = path.resolve(__dirname, '..', '..');

interface PackageJson {
	name: string;
	n8n: { nodes: string[]; credentials: string[] };
}

export interface PackageTypes {
	packageName: string;
	nodes: Record<string, INodeType | IVersionedNodeType>;
	credentials: Record<string, ICredentialType>;
}

/** `dist/nodes/Smsapi/Smsapi.node.js` -> an instance of `Smsapi` from `nodes/Smsapi/Smsapi.node.ts`. */
function instantiate<T>(builtFile: string): T {
	const source = path.join(PROJECT_ROOT, builtFile.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
	const className = path.basename(builtFile).split('.')[0];
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const exported = (require(source) as Record<string, new () => T>)[className];
	if (typeof exported !== 'function') throw new Error(`${source} does not export a class ${className}`);
	return new exported();
}

export function loadPackageTypes(): PackageTypes {
	const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as PackageJson;
	const nodes: PackageTypes['nodes'] = {};
	for (const file of pkg.n8n.nodes) {
		const type = instantiate<INodeType | IVersionedNodeType>(file);
		nodes[`${pkg.name}.${type.description.name}`] = type;
	}
	const credentials: PackageTypes['credentials'] = {};
	for (const file of pkg.n8n.credentials) {
		const type = instantiate<ICredentialType>(file);
		credentials[type.name] = type;
	}
	return { packageName: pkg.name, nodes, credentials };
}
