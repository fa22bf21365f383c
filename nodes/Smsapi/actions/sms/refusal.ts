import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** An error of a Send and Wait operation before anything is sent: what to change, in `description`. */
export function refuse(
	this: IExecuteFunctions,
	message: string,
	description: string,
	itemIndex = 0,
): NodeOperationError {
	return new NodeOperationError(this.getNode(), message, {
		itemIndex,
		description: `Nothing was sent. ${description}`,
	});
}
