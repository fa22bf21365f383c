/**
 * The credentials helper n8n-core asks for a node's credentials, doing what n8n's own
 * (packages/cli credentials-helper) does with them, minus the database and encryption: the
 * credentials live in memory, in plain text.
 * - getDecrypted: the stored data, completed with the credential type's defaults
 *   (NodeHelpers.getNodeParameters) and with expressions resolved by n8n-workflow (in the
 *   node's context when n8n-core gives one, as for a node's request);
 * - authenticate: the type's `authenticate` function, or its generic rules (headers, qs, body,
 *   auth with `$credentials` expressions);
 * - preAuthentication: a type with an expirable property fetches it first (kept in memory);
 * - a node credential is found by its id, as n8n finds it; an unknown id is an error.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialsExpressionResolveValues,
	IExecuteData,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	INodeType,
	INodeTypes,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ICredentialsHelper, isExpression, NodeHelpers, UserError, Workflow } from 'n8n-workflow';
import { getAdditionalKeys } from 'n8n-core';

import type { CredentialTypes } from './node-types';

/** A credential as the harness keeps it. */
export interface StoredCredential {
	id: string;
	name: string;
	type: string;
	data: ICredentialDataDecryptedObject;
}

/** The node a credential's own expressions are resolved on (as n8n's helper does). */
const CREDENTIAL_NODE: INode = { id: 'credential', name: '', type: 'mock', typeVersion: 1, position: [0, 0], parameters: {} };

const CREDENTIAL_NODE_TYPES: INodeTypes = {
	getByName: () => ({ description: { properties: [] } }) as unknown as INodeType,
	getByNameAndVersion: () => ({ description: { properties: [] } }) as unknown as INodeType,
	getKnownTypes: () => ({}),
};

export class CredentialsHelper extends ICredentialsHelper {
	private readonly stored = new Map<string, StoredCredential>();

	constructor(private readonly types: CredentialTypes) {
		super();
	}

	/** Keeps a credential; n8n would have it in its database. */
	add(credential: StoredCredential): void {
		this.types.getByName(credential.type);
		if (this.stored.has(credential.id)) throw new Error(`A credential with the id "${credential.id}" exists already`);
		this.stored.set(credential.id, { ...credential, data: { ...credential.data } });
	}

	getParentTypes(name: string): string[] {
		const parents = this.types.getByName(name).extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		const type = this.types.getByName(credentialType);
		if (!type.restrictToSupportedNodes) return true;
		return (type.supportedNodes ?? []).some((name) => nodeType === name || nodeType.endsWith(`.${name}`));
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		const credentialType = this.types.getByName(type);
		if (!credentialType.extends) return credentialType.properties;
		const merged: INodeProperties[] = [];
		for (const parent of credentialType.extends) {
			NodeHelpers.mergeNodeProperties(merged, this.getCredentialsProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(merged, credentialType.properties);
		return merged;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.types.getByName(typeName);
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		if (authenticate?.type === 'generic') {
			if (!workflow || !node) throw new UserError('Generic authentication needs the workflow and the node');
			const resolve = (value: unknown) => {
				if (!isExpression(value)) return value as string;
				const resolved = workflow.expression.getSimpleParameterValue(node, value as string, 'internal', {
					$credentials: credentials,
				});
				return resolved ? String(resolved) : '';
			};
			const target = requestOptions as unknown as Record<string, Record<string, unknown> | undefined>;
			for (const [where, entries] of Object.entries(authenticate.properties)) {
				target[where] ??= {};
				for (const [key, value] of Object.entries(entries as Record<string, unknown>)) {
					target[where]![resolve(key)] = resolve(value);
				}
			}
		}
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.types.getByName(typeName);
		const expirable = type.properties.find((p) => p.type === 'hidden' && p.typeOptions?.expirable === true);
		if (!expirable || typeof type.preAuthentication !== 'function') return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;
		const output = await type.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined) return undefined;
		const reference = node.credentials?.[typeName];
		const stored = reference?.id ? this.stored.get(reference.id) : undefined;
		if (stored) stored.data = { ...stored.data, ...output } as ICredentialDataDecryptedObject;
		return Object.assign(credentials, output) as ICredentialDataDecryptedObject;
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const { preAuthentication } = this.types.getByName(typeName);
		if (typeof preAuthentication !== 'function') return undefined;
		return ((await preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject) ?? undefined;
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string): Promise<ICredentials> {
		throw new UserError(
			`The in-process harness keeps credentials in plain memory, not as n8n's encrypted Credentials (asked for ${type} "${nodeCredentials.name}")`,
		);
	}

	async getDecrypted(
		additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const stored = this.find(nodeCredentials, type);
		if (raw === true) return { ...stored.data };
		return this.applyDefaultsAndExpressions(additionalData, stored.data, type, mode, executeData, expressionResolveValues);
	}

	/** The credential's data with its type's defaults filled in and its expressions resolved. */
	applyDefaultsAndExpressions(
		additionalData: IWorkflowExecuteAdditionalData,
		data: ICredentialDataDecryptedObject,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): ICredentialDataDecryptedObject {
		const properties = this.getCredentialsProperties(type);
		const withDefaults = NodeHelpers.getNodeParameters(properties, data as INodeParameters, true, false, null, null);
		const additionalKeys = getAdditionalKeys(additionalData, mode, null, { isCredential: true });
		if (expressionResolveValues) {
			const { workflow, runExecutionData, runIndex, itemIndex, node, connectionInputData } = expressionResolveValues;
			return workflow.expression.getParameterValue(
				withDefaults as INodeParameters,
				runExecutionData,
				runIndex,
				itemIndex,
				node.name,
				connectionInputData,
				mode,
				additionalKeys,
				executeData,
				false,
				withDefaults as INodeParameters,
			) as ICredentialDataDecryptedObject;
		}
		const workflow = new Workflow({ nodes: [CREDENTIAL_NODE], connections: {}, active: false, nodeTypes: CREDENTIAL_NODE_TYPES });
		return workflow.expression.getComplexParameterValue(
			CREDENTIAL_NODE,
			withDefaults as INodeParameters,
			mode,
			additionalKeys,
			undefined,
			undefined,
			withDefaults as INodeParameters,
		) as ICredentialDataDecryptedObject;
	}

	async updateCredentials(nodeCredentials: INodeCredentialsDetails, type: string, data: ICredentialDataDecryptedObject): Promise<void> {
		this.find(nodeCredentials, type).data = { ...data };
	}

	async updateCredentialsOauthTokenData(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		const stored = this.find(nodeCredentials, type);
		stored.data = { ...stored.data, oauthTokenData: data.oauthTokenData };
	}

	private find(nodeCredentials: INodeCredentialsDetails, type: string): StoredCredential {
		if (!nodeCredentials.id) {
			throw new UserError(`Credential "${nodeCredentials.name}" of type "${type}" has no id`);
		}
		const stored = this.stored.get(nodeCredentials.id);
		if (!stored || stored.type !== type) {
			throw new UserError(`Credential with ID "${nodeCredentials.id}" does not exist for type "${type}".`);
		}
		return stored;
	}
}
