import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { numberFromService } from '../../helpers/values';
import { apiPath, smsapiApiRequest } from '../../transport';
import { fetchList } from '../wholeList';

/**
 * Sub-users over the published REST API (panel_com.yml `/subusers`), which token logins use:
 * JSON bodies with `credentials` {username, password, api_password}, `points` {from_account,
 * per_month}, `active` and `description`. The node keeps one set of fields and one output shape
 * for both logins (docs/service-differences.md, "Sub-users").
 */

/** The service's object id (24 hex digits): Name may give it instead of a username. */
const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** The fields only user.do knows; a token login is refused them before anything is sent. */
const LEGACY_ONLY: Record<string, string> = {
	phonebook: 'Phonebook',
	senders: 'Senders',
};

/**
 * A REST sub-user as the output item user.do gives (`limit`, `month_limit`, `info`), with its
 * `id`; never a password.
 */
export function restSubuserItem(entry: unknown): IDataObject {
	const subuser =
		entry && typeof entry === 'object' && !Array.isArray(entry) ? (entry as IDataObject) : {};
	const points = (subuser.points ?? {}) as IDataObject;
	const item: IDataObject = { id: subuser.id, username: subuser.username };
	if (points.from_account !== undefined)
		item.limit = numberFromService(points.from_account) as number;
	if (points.per_month !== undefined)
		item.month_limit = numberFromService(points.per_month) as number;
	if (subuser.active !== undefined) item.active = subuser.active === true || subuser.active === 1;
	item.info = typeof subuser.description === 'string' ? subuser.description : '';
	return item;
}

/** Refuses the fields the REST API has no place for, naming what to use instead. */
function refuseLegacyOnly(this: IExecuteFunctions, fields: IDataObject, itemIndex: number): void {
	const given = Object.keys(LEGACY_ONLY).filter((name) => fields[name] !== undefined);
	if (given.length === 0) return;
	const names = given.map((name) => LEGACY_ONLY[name]).join(' and ');
	throw new NodeOperationError(
		this.getNode(),
		`${names} can be set only with a username/password login`,
		{
			itemIndex,
			description: `Nothing was sent. With an access token the node uses SMSAPI's REST API (/subusers), which has no such setting: remove ${names}. Which sender names and templates a sub-user may use is set with Update Shares.`,
		},
	);
}

/** A password as the REST API takes it: the text itself (the REST API hashes nothing). */
function restPassword(value: unknown): string | undefined {
	const password = value === undefined || value === null ? '' : String(value);
	return password === '' ? undefined : password;
}

/**
 * The JSON body of `POST /subusers` or `PUT /subusers/{id}` from the node's fields
 * (fields.ts: creditLimit, monthLimit, password, apiPassword, active, info).
 */
export function toRestSubuserBody(
	this: IExecuteFunctions,
	fields: IDataObject,
	itemIndex: number,
): IDataObject {
	refuseLegacyOnly.call(this, fields, itemIndex);
	const body: IDataObject = {};
	const credentials: IDataObject = {};
	const password = restPassword(fields.password);
	const apiPassword = restPassword(fields.apiPassword);
	if (password !== undefined) credentials.password = password;
	if (apiPassword !== undefined) credentials.api_password = apiPassword;
	if (Object.keys(credentials).length > 0) body.credentials = credentials;
	const points: IDataObject = {};
	if (fields.creditLimit !== undefined) points.from_account = Number(fields.creditLimit);
	if (fields.monthLimit !== undefined) points.per_month = Number(fields.monthLimit);
	if (Object.keys(points).length > 0) body.points = points;
	if (fields.active !== undefined) body.active = fields.active === true || fields.active === 1;
	if (fields.info !== undefined) body.description = String(fields.info);
	return body;
}

/** The main user's name: user.do puts it and an underscore before a new sub-user's name. */
export async function mainUsername(this: IExecuteFunctions, itemIndex: number): Promise<string> {
	const { data } = await smsapiApiRequest.call(this, {
		method: 'GET',
		endpoint: 'profile',
		safeToRepeat: true,
		itemIndex,
	});
	return String((data as IDataObject | undefined)?.username ?? '');
}

/**
 * The sub-user Name chooses: the entry of `GET /subusers?q=<name>` (a case-insensitive
 * "contains" search) whose username is Name, or the main user's name, an underscore and Name (as
 * user.do finds it); for a Name of 24 hex digits that is nobody's username, the sub-user with that
 * id. An error naming what to give when there is none.
 */
export async function findSubuser(
	this: IExecuteFunctions,
	name: string,
	itemIndex: number,
	nothingDone: string,
): Promise<IDataObject> {
	const matches = await fetchList.call(this, 'subusers', { q: name }, itemIndex);
	const named = (username: string) =>
		matches.find((entry) => String(entry.username) === username && entry.id !== undefined);
	// As user.do: the name as given, else the main user's name, an underscore and the name.
	const subuser =
		named(name) ??
		(matches.length > 0 ? named(`${await mainUsername.call(this, itemIndex)}_${name}`) : undefined);
	if (subuser) return subuser;
	if (OBJECT_ID.test(name)) {
		const { data } = await smsapiApiRequest.call(this, {
			method: 'GET',
			endpoint: apiPath`subusers/${{ subuserId: name }}`,
			safeToRepeat: true,
			itemIndex,
		});
		return data as IDataObject;
	}
	throw new NodeOperationError(this.getNode(), `No sub-user named "${name}"`, {
		itemIndex,
		description: `${nothingDone} Give the sub-user's username or ID, or choose it from the list.`,
	});
}
