import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { recipientNumbers } from '../items/recipients';
import { runParameters } from '../items/runParameters';
import type { PlannedSend } from './batching';
import type { SendRequest } from './request';
import type { SendUpload } from './upload';

/**
 * What a channel (SMS, MMS, voice, a future one) adds to the sending core (executeSends.ts): its endpoint
 * and how one item's parameters become a checked request. Batching, idx, failover and the
 * answer's distribution are the core's.
 */
export interface SendChannel {
	/** The service's endpoint the requests go to (`sms.do`, `mms.do`, `vms.do`). */
	endpoint: string;
	/**
	 * Read and check one item; throws (with the item's index) what is wrong with it. A promise
	 * where the item's binary data must be read.
	 */
	readItem(this: IExecuteFunctions, itemIndex: number): ItemSend | Promise<ItemSend>;
	/**
	 * Last changes to one item's send once its idx values are set, before it is batched: what
	 * depends on them (Send and Wait for Delivery's report address). Set on the request and the
	 * wire form alike; not part of the content that the generated idx values are derived from.
	 */
	finishSend?(this: IExecuteFunctions, send: PlannedSend): Promise<void> | void;
	/**
	 * The Message may travel as a template with a value per recipient where the items' texts differ
	 * only in what its expressions give (SMS → Send; whether they do is decided in routing.ts).
	 */
	messageAsTemplate?: boolean;
}

/** One item's send as its channel read it: checked; idx still to be generated when it has none. */
export interface ItemSend {
	request: SendRequest;
	/** No idx of the user's own: the core generates one per message (`guardWithGeneratedIdx`). */
	generateIdx: boolean;
	/** A file sent as a multipart part beside the parameters (a voice message's audio file). */
	upload?: SendUpload;
}

/** A send's To in the error of a list over Max Recipients per Item. */
const SEND_RECIPIENTS = {
	field: 'To',
	noun: 'recipients',
	nothingDone: 'Nothing was sent for this item.',
};

/**
 * The item's recipients (`to`), counted, checked and cleaned; an error names every bad number.
 * The protection against a list from outside (Max Recipients per Item) comes before anything else.
 */
export function readRecipients(
	this: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
): string[] {
	return recipientNumbers.call(
		this,
		runParameters(this).get<string | string[]>('to', itemIndex, undefined as never),
		itemIndex,
		{ empty: 'No recipient: "To" is empty' },
		{ option: options.maxRecipientsPerItem, texts: SEND_RECIPIENTS },
	);
}
