/**
 * Ids that go into a path must look like ids of their kind in the published API (issue 40,
 * finding 6; transport/idFormats.ts; contacts_com.yml and panel_com.yml): `DELETE /opt_outs/settings`
 * would reach the opt-out settings and `/contacts/fields/available` the list of fields. What the
 * operation tests of those ids share: a service that answers every request (and records them), the
 * check that a value is refused before any request, and the request an id of its kind makes.
 */
import nock from 'nock';
import type { INodeParameters } from 'n8n-workflow';

import { PRIMARY } from '../../support/n8n-context';
import { failure, runNode } from './run-node';

/** The description of a refused object id (contacts, groups, contact fields). */
export const OBJECT_ID = /An ID here is 24 characters 0-9 and a-f/;

/** A contact chosen by id in its resource locator. */
export const contactId = (value: string) => ({ __rl: true, mode: 'id', value });

/** A service answering every request with an empty record; the paths it was asked for. */
export function anyAnswer(): string[] {
	const requests: string[] = [];
	const scope = nock(PRIMARY).persist();
	for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
		scope
			.intercept(/.*/, method)
			.query(true)
			.reply((uri) => {
				requests.push(`${method} ${new URL(uri, PRIMARY).pathname}`);
				return method === 'DELETE' ? [204, ''] : [200, '{"size":0,"collection":[]}'];
			});
	}
	return requests;
}

/** The node refuses `parameters` before any request, naming `named` and saying what such an id looks like. */
export async function expectIdRefused(parameters: INodeParameters, named: string, looksLike: RegExp): Promise<void> {
	const requests = anyAnswer();
	const error = await failure(runNode({ parameters }));
	expect(error.message).toMatch(/^Not a valid (ID|name) in /);
	expect(error.message).toContain(named);
	expect(error.description).toMatch(/^Nothing was sent/);
	expect(error.description).toMatch(looksLike);
	expect(requests).toEqual([]);
}

/** The first request `parameters` make (`METHOD path`), whatever the node makes of the answer. */
export async function firstRequest(parameters: INodeParameters): Promise<string | undefined> {
	const requests = anyAnswer();
	await runNode({ parameters }).catch(() => undefined);
	return requests[0];
}
