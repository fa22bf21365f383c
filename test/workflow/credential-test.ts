/**
 * A credential test as n8n runs it when the user presses "Test" (packages/cli
 * credentials-tester): the credential type's `test.request` becomes the routing of a temporary
 * node, n8n-core's RoutingNode sends it with the credential's authentication, and the type's
 * `rules` then judge the answer (`responseCode` on a failed request, `responseSuccessBody` on
 * a body). Returns what the editor shows: `{ status: 'OK' | 'Error', message }`.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	INode,
	INodeCredentialTestResult,
	INodeExecutionData,
	INodeType,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { createRunExecutionData, NodeHelpers, Workflow } from 'n8n-workflow';
import { ExecuteContext, RoutingNode } from 'n8n-core';

import type { CredentialsHelper } from './credentials-helper';
import type { CredentialTypes } from './node-types';

export interface CredentialTestInput {
	type: string;
	data: Record<string, unknown>;
	name?: string;
}

/** The value at a dotted path (`error`, `data.code`) of an answer, as lodash's `get` reads it. */
function valueAt(value: unknown, key: string): unknown {
	return key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], value);
}

interface ErrorWithResponse {
	message?: string;
	cause?: { code?: string; response?: { status: number; statusText?: string } };
}

export async function testCredential(
	input: CredentialTestInput,
	credentialTypes: CredentialTypes,
	credentialsHelper: CredentialsHelper,
	additionalData: IWorkflowExecuteAdditionalData,
): Promise<INodeCredentialTestResult> {
	const { test } = credentialTypes.getByName(input.type);
	if (!test) return { status: 'Error', message: 'No testing function found for this credential.' };

	const credential: ICredentialsDecrypted = { id: 'credential-test', name: input.name ?? 'credential test', type: input.type, data: {} };
	try {
		credential.data = credentialsHelper.applyDefaultsAndExpressions(
			additionalData,
			input.data as ICredentialDataDecryptedObject,
			input.type,
			'internal',
		);
	} catch (error) {
		return { status: 'Error', message: String((error as Error).message) };
	}

	const nodeType: INodeType = {
		description: {
			displayName: 'Credential Test',
			name: 'n8n-nodes-base.noOp',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: input.type, required: true }],
			properties: [{ displayName: 'Temp', name: 'temp', type: 'string', routing: { request: test.request }, default: '' }],
		},
	};
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: nodeType.description.name,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { [input.type]: { id: credential.id, name: credential.name } },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: {
			getByName: () => nodeType,
			getByNameAndVersion: (type, version) => NodeHelpers.getVersionedNodeType(nodeType, version),
			getKnownTypes: () => ({}),
		},
	});
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		createRunExecutionData(),
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);

	let response: INodeExecutionData[][] | null | undefined;
	try {
		response = await new RoutingNode(context, nodeType, credential).runNode();
	} catch (caught) {
		const error = caught as ErrorWithResponse;
		const answer = error.cause?.response;
		if (answer) {
			for (const rule of test.rules ?? []) {
				if (rule.type === 'responseCode' && answer.status === rule.properties.value) {
					return { status: 'Error', message: rule.properties.message };
				}
			}
			if (answer.status < 199 || answer.status > 299) {
				return { status: 'Error', message: answer.statusText || `Received HTTP status code: ${answer.status}` };
			}
		} else if (error.cause?.code) {
			return { status: 'Error', message: error.cause.code };
		}
		return { status: 'Error', message: String(error.message) };
	}

	for (const rule of test.rules ?? []) {
		if (rule.type === 'responseSuccessBody' && valueAt(response?.[0]?.[0]?.json, rule.properties.key) === rule.properties.value) {
			return { status: 'Error', message: rule.properties.message };
		}
	}
	return { status: 'OK', message: 'Connection successful!' };
}
