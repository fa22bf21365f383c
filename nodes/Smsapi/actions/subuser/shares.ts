import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requiredText } from '../../items/loop';
import { apiPath, servedByRestApi } from '../../transport';
import { findSubuser } from './rest';

/**
 * What a sub-user may use of the main user's: sender names and templates
 * (panel_com.yml `GET`/`PUT /subusers/{id}/shares/sendernames` and `/shares/templates`,
 * `SubuserSendernamesAccess` and `SubuserTemplatesAccess`: `access` all, none or selected, and
 * the selected names). The REST API's only; user.do knows a Senders flag alone.
 */

type ShareKind = 'senderNames' | 'templates';

interface ShareWire {
	/** The path after `subusers/{id}/shares/`. */
	path: string;
	/** The body's and the answer's list of the selected names. */
	listField: 'senders' | 'templates';
}

export const SHARE_WIRE: Record<ShareKind, ShareWire> = {
	senderNames: { path: 'sendernames', listField: 'senders' },
	templates: { path: 'templates', listField: 'templates' },
};

export const shareField: INodeProperties = {
	displayName: 'Share',
	name: 'share',
	type: 'options',
	options: [
		{
			name: 'Sender Names',
			value: 'senderNames',
			description: "The main user's sender names the sub-user may send with",
		},
		{
			name: 'Templates',
			value: 'templates',
			description: "The main user's message templates the sub-user may use",
		},
	],
	default: 'senderNames',
	description: "Which of the main user's resources",
};

/** The share's address for the sub-user found by findSubuser. */
export function sharePath(subuser: IDataObject, share: ShareKind): string {
	return `${apiPath`subusers/${{ subuserId: subuser.id }}`}/shares/${SHARE_WIRE[share].path}`;
}

/** The share as an output item: the sub-user, which share, its access and the names selected. */
export function shareItem(subuser: IDataObject, share: ShareKind, answer: unknown): IDataObject {
	const data =
		answer && typeof answer === 'object' && !Array.isArray(answer) ? (answer as IDataObject) : {};
	const names = data[SHARE_WIRE[share].listField];
	return {
		id: subuser.id,
		username: subuser.username,
		share,
		access: data.access ?? null,
		names: Array.isArray(names) ? names.map(String) : [],
	};
}

/**
 * The sub-user and the share an item names. Shares exist only in the REST API: a username/password
 * login is refused before anything is sent.
 */
export async function shareTarget(
	this: IExecuteFunctions,
	itemIndex: number,
	nothingDone: string,
): Promise<{ subuser: IDataObject; share: ShareKind }> {
	const name = requiredText.call(this, 'name', itemIndex, 'Choose the sub-user');
	const share = this.getNodeParameter('share', itemIndex) as ShareKind;
	if (await servedByRestApi(this, itemIndex)) {
		return { subuser: await findSubuser.call(this, name, itemIndex, nothingDone), share };
	}
	throw new NodeOperationError(this.getNode(), 'Shares need an access token login', {
		itemIndex,
		description:
			"Nothing was sent. A sub-user's shares of sender names and templates are part of SMSAPI's REST API, which this node uses with an access token; the username/password login's user.do has only the Senders flag (Update, Senders).",
	});
}
