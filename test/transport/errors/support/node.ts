/** The SMSAPI node an error belongs to, as n8n hands it to the error builders. */
import type { INode } from 'n8n-workflow';

export const node: INode = {
	id: 'n1',
	name: 'SMSAPI',
	type: 'n8n-nodes-smsapi-plus.smsapi',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
