import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import * as account from './account';
import * as blacklist from './blacklist';
import * as contact from './contact';
import * as contactField from './contactField';
import * as contactGroup from './contactGroup';
import * as emailGateway from './emailGateway';
import * as hlr from './hlr';
import * as mms from './mms';
import * as oneTimeCode from './oneTimeCode';
import * as optOut from './optOut';
import * as price from './price';
import * as rcs from './rcs';
import * as sender from './sender';
import * as shortLink from './shortLink';
import * as sms from './sms';
import * as subuser from './subuser';
import * as template from './template';
import * as vms from './vms';
import type { SmsapiMap, SmsapiResource } from './node.type';
import type { OperationModule } from './operationModule';

/**
 * Every operation module, indexed by resource and operation; typed so none can be missing.
 * Exported for the tests that go over every operation (test/operations/router.pathIds.test.ts).
 */
export const modules: { [R in SmsapiResource]: { [O in SmsapiMap[R]]: OperationModule } } = {
	account: { getBalance: account.getBalance, getProfile: account.getProfile },
	blacklist: {
		add: blacklist.add,
		clear: blacklist.clear,
		getMany: blacklist.getMany,
		remove: blacklist.remove,
	},
	contact: {
		addToGroup: contact.addToGroup,
		create: contact.create,
		getMany: contact.getMany,
		removeFromGroup: contact.removeFromGroup,
		update: contact.update,
	},
	contactField: {
		create: contactField.create,
		delete: contactField.delete,
		getMany: contactField.getMany,
		getOptions: contactField.getOptions,
		update: contactField.update,
	},
	contactGroup: {
		create: contactGroup.create,
		delete: contactGroup.delete,
		get: contactGroup.get,
		getMany: contactGroup.getMany,
		update: contactGroup.update,
	},
	emailGateway: { compose: emailGateway.compose },
	hlr: { lookup: hlr.lookup },
	mms: { send: mms.send },
	oneTimeCode: { send: oneTimeCode.send, verify: oneTimeCode.verify },
	optOut: {
		delete: optOut.delete,
		getMany: optOut.getMany,
		getSettings: optOut.getSettings,
		updateSettings: optOut.updateSettings,
	},
	price: { getMany: price.getMany },
	rcs: { getManyMessages: rcs.getManyMessages, getSenders: rcs.getSenders, send: rcs.send },
	sender: {
		add: sender.add,
		delete: sender.delete,
		getMany: sender.getMany,
		getStatement: sender.getStatement,
		getStatus: sender.getStatus,
		setDefault: sender.setDefault,
	},
	shortLink: {
		create: shortLink.create,
		delete: shortLink.delete,
		getClicks: shortLink.getClicks,
		getMany: shortLink.getMany,
		update: shortLink.update,
	},
	sms: {
		calculate: sms.calculate,
		deleteScheduled: sms.deleteScheduled,
		send: sms.send,
		sendAndWait: sms.sendAndWait,
		sendAndWaitForDelivery: sms.sendAndWaitForDelivery,
		sendToGroup: sms.sendToGroup,
	},
	subuser: {
		create: subuser.create,
		delete: subuser.delete,
		get: subuser.get,
		getMany: subuser.getMany,
		getShares: subuser.getShares,
		update: subuser.update,
		updateShares: subuser.updateShares,
	},
	template: {
		create: template.create,
		delete: template.delete,
		get: template.get,
		getMany: template.getMany,
		update: template.update,
	},
	vms: { send: vms.send },
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
