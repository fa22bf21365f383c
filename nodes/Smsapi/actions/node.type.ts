/**
 * Every resource of the node and its operations. The router's module table is typed
 * against this map, so the compiler catches an operation that is declared but missing.
 */
export type SmsapiMap = {
	account: 'getBalance' | 'getProfile';
	blacklist: 'add' | 'clear' | 'getMany' | 'remove';
	contact: 'addToGroup' | 'create' | 'getMany' | 'removeFromGroup' | 'update';
	contactField: 'create' | 'delete' | 'getMany' | 'getOptions' | 'update';
	contactGroup: 'create' | 'delete' | 'get' | 'getMany' | 'update';
	emailGateway: 'compose';
	hlr: 'lookup';
	mms: 'send';
	oneTimeCode: 'send' | 'verify';
	optOut: 'delete' | 'getMany' | 'getSettings' | 'updateSettings';
	price: 'getMany';
	rcs: 'getManyMessages' | 'getSenders' | 'send';
	sender: 'add' | 'delete' | 'getMany' | 'getStatement' | 'getStatus' | 'setDefault';
	shortLink: 'create' | 'delete' | 'getClicks' | 'getMany' | 'update';
	sms:
		| 'calculate'
		| 'deleteScheduled'
		| 'send'
		| 'sendAndWait'
		| 'sendAndWaitForDelivery'
		| 'sendToGroup';
	subuser: 'create' | 'delete' | 'get' | 'getMany' | 'getShares' | 'update' | 'updateShares';
	template: 'create' | 'delete' | 'get' | 'getMany' | 'update';
	vms: 'send';
};

export type SmsapiResource = keyof SmsapiMap;
