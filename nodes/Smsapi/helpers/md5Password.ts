import { createHash } from 'node:crypto';

/**
 * The earlier variant of the service's login (`username` + md5 of the password, docs/service-behaviour.md)
 * as the operations need it: the e-mail gateway's subject and sub-user passwords. A pure helper
 * of the nodes: nothing under actions/ imports credentials/ for it. The credential keeps its own
 * copy for its `authenticate` (credentials/ imports nothing from nodes/);
 * test/helpers/md5Password.test.ts checks that both agree.
 */

/** An md5 digest written as hex: such a password was hashed by the user already. */
const MD5_HEX = /^[0-9a-f]{32}$/i;

/**
 * The lowercase hex md5 of the password. Users may paste either the plain password or its md5
 * (the portal shows the md5 form), so a 32-hex-character value is taken as already hashed and
 * only lowercased.
 */
export function toMd5Password(password: string): string {
	if (MD5_HEX.test(password)) return password.toLowerCase();
	return createHash('md5').update(password, 'utf8').digest('hex');
}
