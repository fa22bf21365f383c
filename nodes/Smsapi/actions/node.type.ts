/**
 * Every resource of the node and its operations. The router's module table is typed
 * against this map, so the compiler catches an operation that is declared but missing.
 */
export type SmsapiMap = {
	account: 'getBalance' | 'getProfile';
	contact: 'addToGroup' | 'create' | 'getMany' | 'removeFromGroup' | 'update';
	emailGateway: 'compose';
	hlr: 'lookup';
	price: 'getMany';
	sender: 'add' | 'delete' | 'getMany' | 'getStatus' | 'setDefault';
	sms: 'calculate' | 'deleteScheduled' | 'send' | 'sendToGroup';
	subuser: 'create' | 'get' | 'getMany' | 'update';
};

export type SmsapiResource = keyof SmsapiMap;
