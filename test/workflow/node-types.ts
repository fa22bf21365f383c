/**
 * The node and credential types a harness knows, by the names workflows use: this package's
 * (from its sources) and n8n's own `n8n-nodes-base.*` (from the provisioned install, loaded on
 * first use). `NodeTypes` is the `INodeTypes` n8n-workflow's `Workflow` and n8n-core's
 * `WorkflowExecute` ask; `CredentialTypes` serves the credentials helper.
 */
import type { ICredentialType, INodeType, INodeTypes, IVersionedNodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { UnrecognizedCredentialTypeError, UnrecognizedNodeTypeError } from 'n8n-core';

import { BASE_PACKAGE, BaseTypes } from './base-types';
import { loadPackageTypes, type PackageTypes } from './package-types';

export class NodeTypes implements INodeTypes {
	constructor(
		private readonly own: PackageTypes,
		private readonly base: BaseTypes,
	) {}

	getByName(type: string): INodeType | IVersionedNodeType {
		const found = this.own.nodes[type] ?? this.baseNode(type);
		if (!found) {
			const dot = type.lastIndexOf('.');
			throw new UnrecognizedNodeTypeError(type.slice(0, dot), type.slice(dot + 1));
		}
		return found;
	}

	getByNameAndVersion(type: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(type), version);
	}

	getKnownTypes() {
		return {};
	}

	private baseNode(type: string) {
		const prefix = `${BASE_PACKAGE}.`;
		return type.startsWith(prefix) ? this.base.node(type.slice(prefix.length)) : undefined;
	}
}

export class CredentialTypes {
	constructor(
		private readonly own: PackageTypes,
		private readonly base: BaseTypes,
	) {}

	getByName(type: string): ICredentialType {
		const found = this.own.credentials[type] ?? this.base.credential(type);
		if (!found) throw new UnrecognizedCredentialTypeError(type);
		return found;
	}
}

/**
 * The types of this package plus n8n's own nodes (from the provisioned install), and any
 * `extraNodes` a caller brings (by full type name, e.g. a test's own node).
 */
export function loadTypes(
	baseNodesDir?: string,
	extraNodes: Record<string, INodeType | IVersionedNodeType> = {},
): { nodeTypes: NodeTypes; credentialTypes: CredentialTypes } {
	const loaded = loadPackageTypes();
	const own = { ...loaded, nodes: { ...loaded.nodes, ...extraNodes } };
	const base = new BaseTypes(baseNodesDir);
	return { nodeTypes: new NodeTypes(own, base), credentialTypes: new CredentialTypes(own, base) };
}
