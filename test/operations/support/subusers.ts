/** Sub-users as the service answers them, for the sub-user operation tests: user.do (username/password login) and the REST API's /subusers. */
import { createHash } from 'node:crypto';

export const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** A sub-user of user.do, and the item the node makes of it (numbers as numbers). */
export const subuser = {
	username: 'acme_shop',
	limit: '100.0000',
	month_limit: 20,
	senders: '1',
	phonebook: 0,
	active: true,
	info: 'the web shop',
};
export const subuserItem = { ...subuser, limit: 100, senders: 1 };

/** A sub-user of GET /subusers, and the item the node makes of it (in the items of user.do). */
export const ID = '5b802315a788494a04690d1d';
export const restSubuser = { id: ID, username: 'acme_shop', active: true, description: 'the web shop', points: { from_account: '100.0000', per_month: 20 } };
export const restItem = { id: ID, username: 'acme_shop', limit: 100, month_limit: 20, active: true, info: 'the web shop' };
