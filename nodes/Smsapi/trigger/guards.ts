import type { IDataObject, INode } from 'n8n-workflow';

import { readAllowlist, readSecretSetting, type IpRule, type SecretSetting } from './security';

/**
 * The caller checks the node's settings ask for (Secret, IP Allowlist), read so that they fail
 * closed: a setting that cannot be used refuses every callback and stops the activation with the
 * reason, instead of silently accepting everyone.
 */
interface Guards {
	secret: SecretSetting;
	/** Undefined: no allowlist. */
	allowlist?: { rules: IpRule[]; invalid: string[] };
	/** Why callbacks cannot be checked: every callback is refused. */
	problem?: string;
}

/**
 * Version 3 has no Secret by default: the URL's webhook ID is then what a caller must know. A node
 * without one (a workflow created through n8n 1.x's API or CLI without it; the editor, and n8n 2.x
 * on every save, give each trigger one) has the URL `<workflow id>/<node name>/<event>`, which
 * anyone who sees the workflow's address can work out: without a Secret it refuses every callback.
 */
const NO_WEBHOOK_ID =
	'the node has no webhook ID, so without a Secret its URL holds nothing random (it is the workflow ID and the node name): set a Secret, or add the trigger again in the editor, which gives it a webhook ID';

/** What the guards read of the node: its saved parameters, its version and its webhook ID. */
type GuardedNode = Pick<INode, 'parameters' | 'typeVersion' | 'webhookId'>;

export function readGuards(node: GuardedNode, secretValue: unknown, options: IDataObject): Guards {
	const secret = readSecretSetting(node.parameters.secret, secretValue);
	const allowlist = readAllowlist(options.allowedIps);
	const problems: string[] = [];
	if (secret.kind === 'invalid') problems.push(secret.reason);
	if (secret.kind === 'open' && node.typeVersion >= 3 && !node.webhookId)
		problems.push(NO_WEBHOOK_ID);
	if (allowlist.problem !== undefined) problems.push(allowlist.problem);
	return {
		secret,
		allowlist: allowlist.active
			? { rules: allowlist.rules, invalid: allowlist.invalid }
			: undefined,
		problem: problems.length > 0 ? problems.join('; ') : undefined,
	};
}

/** Why the settings cannot check callbacks, or undefined when they can. */
export function guardProblem(
	node: GuardedNode,
	secretValue: unknown,
	options: IDataObject,
): string | undefined {
	return readGuards(node, secretValue, options).problem;
}

/** Problems already logged by this running n8n, so that each is logged once, not per callback. */
const logged = new Set<string>();
const MAX_LOGGED = 1000;

/** True the first time `key` is seen by this running n8n (bounded memory). */
export function firstTimeLogged(key: string): boolean {
	if (logged.has(key)) return false;
	if (logged.size >= MAX_LOGGED) logged.clear();
	logged.add(key);
	return true;
}
