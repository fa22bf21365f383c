/**
 * What n8n hands n8n-core with every execution besides the workflow (its "additional data"):
 * the credentials helper, the execution's id and hooks, the instance's addresses and variables.
 * n8n builds it in packages/cli (WorkflowExecuteAdditionalData.getBase); this is the part an
 * in-process run needs. What needs a server is refused with a clear message: sub-workflows and
 * the task runner (Code node) are not available in-process.
 */
import type { IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import { UserError } from 'n8n-workflow';
import { ExternalSecretsProxy, type ExecutionLifecycleHooks } from 'n8n-core';

import type { CredentialsHelper } from './credentials-helper';

/** The address an n8n on its default port would have; nothing listens there in-process. */
export const INSTANCE_BASE_URL = 'http://localhost:5678/';

export interface AdditionalDataOptions {
	credentialsHelper: CredentialsHelper;
	executionId?: string;
	workflowId?: string;
	hooks?: ExecutionLifecycleHooks;
	/** `$vars` of the instance. */
	variables?: Record<string, string>;
}

const NO_TASK_RUNNER =
	"The Code node runs in n8n's task-runner process, which the in-process harness does not start. Pin the node's output instead (run option `pinData`), or run the workflow in real n8n (test/e2e).";

export function createAdditionalData(options: AdditionalDataOptions): IWorkflowExecuteAdditionalData {
	const url = (path: string) => `${INSTANCE_BASE_URL}${path}`;
	return {
		credentialsHelper: options.credentialsHelper,
		hooks: options.hooks,
		executionId: options.executionId,
		workflowId: options.workflowId,
		currentNodeExecutionIndex: 0,
		restApiUrl: url('rest'),
		instanceBaseUrl: INSTANCE_BASE_URL,
		formBaseUrl: url('form'),
		formWaitingBaseUrl: url('form-waiting'),
		formTestBaseUrl: url('form-test'),
		webhookBaseUrl: url('webhook'),
		webhookWaitingBaseUrl: url('webhook-waiting'),
		webhookTestBaseUrl: url('webhook-test'),
		mcpBaseUrl: url('mcp'),
		mcpTestBaseUrl: url('mcp-test'),
		variables: { ...(options.variables ?? {}) },
		externalSecretsProxy: new ExternalSecretsProxy(),
		logAiEvent: () => undefined,
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		executeWorkflow: async () => {
			throw new UserError('Sub-workflows (Execute Workflow) are not available in the in-process harness');
		},
		startRunnerTask: async () => {
			throw new UserError(NO_TASK_RUNNER);
		},
		getRunnerStatus: () => ({ available: false, reason: NO_TASK_RUNNER }),
	} as IWorkflowExecuteAdditionalData;
}
