import type { IDataObject, INodeParameters } from 'n8n-workflow';

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

export function readGuards(
	rawParameters: INodeParameters,
	secretValue: unknown,
	options: IDataObject,
): Guards {
	const secret = readSecretSetting(rawParameters.secret, secretValue);
	const allowlist = readAllowlist(options.allowedIps);
	const problems: string[] = [];
	if (secret.kind === 'invalid') problems.push(secret.reason);
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
	rawParameters: INodeParameters,
	secretValue: unknown,
	options: IDataObject,
): string | undefined {
	return readGuards(rawParameters, secretValue, options).problem;
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
