import type { INode, IWebhookFunctions } from 'n8n-workflow';

import { holdsExpression } from '../items/storedParameters';

/**
 * The node's settings for one callback, each read once. n8n's `getNodeParameter` resolves a
 * value through its expression engine; on n8n 2.x with the default engine (`vm`) every
 * evaluation runs in a V8 isolate, which costs far more than anything else the webhook does for a
 * callback. So a parameter whose saved value holds no expression is taken as saved (n8n would
 * return it unchanged: none of the trigger's parameters has a `validateType`), and the Secret's
 * default `={{ $nodeId }}` is this node's ID (what n8n resolves `$nodeId` to). Only expressions a
 * user wrote go through n8n.
 */

/** The Secret's default, and the same expression written with other blanks. */
const NODE_ID_EXPRESSION = /^=\{\{\s*\$nodeId\s*\}\}$/;

/** One parameter as n8n's `getNodeParameter(name, fallback)` returns it, the engine only for expressions. */
export function readParameter<T>(
	context: Pick<IWebhookFunctions, 'getNodeParameter'>,
	node: Pick<INode, 'parameters'>,
	name: string,
	fallback: T,
): unknown {
	const saved = node.parameters[name];
	if (saved === undefined) return fallback;
	if (!holdsExpression(saved)) return saved;
	return context.getNodeParameter(name, fallback as never) as unknown;
}

/** The resolved Secret: the node's ID for the default expression, else as n8n resolves it. */
export function readSecret(
	context: Pick<IWebhookFunctions, 'getNodeParameter'>,
	node: Pick<INode, 'parameters' | 'id'>,
): unknown {
	const saved = node.parameters.secret;
	if (typeof saved === 'string' && NODE_ID_EXPRESSION.test(saved)) return node.id;
	return readParameter(context, node, 'secret', '');
}
