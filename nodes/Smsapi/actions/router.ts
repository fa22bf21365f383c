import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import * as account from './account';
import * as sms from './sms';
import type { SmsapiMap, SmsapiResource } from './node.type';
import type { OperationModule } from './types';

/** Every operation module, indexed by resource and operation; typed so none can be missing. */
const modules: { [R in SmsapiResource]: { [O in SmsapiMap[R]]: OperationModule } } = {
	account: { getBalance: account.getBalance, getProfile: account.getProfile },
	sms: {
		calculate: sms.calculate,
		deleteScheduled: sms.deleteScheduled,
		send: sms.send,
		sendToGroup: sms.sendToGroup,
	},
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	// Resource and operation have noDataExpression: they are the same for every item.
	const resource = this.getNodeParameter('resource', 0) as SmsapiResource;
	const operation = this.getNodeParameter('operation', 0) as string;

	const resourceModules = modules[resource] as Record<string, OperationModule> | undefined;
	const module = resourceModules?.[operation];
	if (!module) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" of the resource "${resource}" is not supported`,
		);
	}
	return [await module.execute.call(this, items)];
}
