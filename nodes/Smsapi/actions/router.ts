import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import * as account from './account';
import * as contact from './contact';
import * as emailGateway from './emailGateway';
import * as hlr from './hlr';
import * as price from './price';
import * as sender from './sender';
import * as sms from './sms';
import * as subuser from './subuser';
import type { SmsapiMap, SmsapiResource } from './node.type';
import type { OperationModule } from './types';

/** Every operation module, indexed by resource and operation; typed so none can be missing. */
const modules: { [R in SmsapiResource]: { [O in SmsapiMap[R]]: OperationModule } } = {
	account: { getBalance: account.getBalance, getProfile: account.getProfile },
	contact: {
		addToGroup: contact.addToGroup,
		create: contact.create,
		getMany: contact.getMany,
		removeFromGroup: contact.removeFromGroup,
		update: contact.update,
	},
	emailGateway: { compose: emailGateway.compose },
	hlr: { lookup: hlr.lookup },
	price: { getMany: price.getMany },
	sender: {
		add: sender.add,
		delete: sender.delete,
		getMany: sender.getMany,
		getStatus: sender.getStatus,
		setDefault: sender.setDefault,
	},
	sms: {
		calculate: sms.calculate,
		deleteScheduled: sms.deleteScheduled,
		send: sms.send,
		sendToGroup: sms.sendToGroup,
	},
	subuser: {
		create: subuser.create,
		get: subuser.get,
		getMany: subuser.getMany,
		update: subuser.update,
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
