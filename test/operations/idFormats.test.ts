/**
 * Issue 40, finding 6 ("Deletes by a name that is not an id"): an id that goes into a path must
 * look like an id of its kind in the published API (transport/idFormats.ts; contacts_com.yml and
 * panel_com.yml): `DELETE /opt_outs/settings` would reach the opt-out settings and
 * `/contacts/fields/available` the list of fields. Each case is refused with an error that says what
 * such an id looks like, before any request (a service that answers everything records them).
 */
import nock from 'nock';
import type { INodeParameters } from 'n8n-workflow';

import { PRIMARY } from '../support/n8n-context';
import { failure, runNode, useMockedNetwork } from './support/run-node';

useMockedNetwork();

/** A service answering every request with an empty record; the paths it was asked for. */
function anyAnswer(): string[] {
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

const OBJECT_ID = /An ID here is 24 characters 0-9 and a-f/;
const contactId = (value: string) => ({ __rl: true, mode: 'id', value });

/** [case, parameters, the value named in the message, what the description says an id looks like] */
const REFUSED: Array<[string, INodeParameters, string, RegExp]> = [
	['contact update "trash"', { resource: 'contact', operation: 'update', contactId: contactId('trash'), updateFields: { city: 'X' } }, 'contactId: "trash"', OBJECT_ID],
	['contact add to group "fields"', { resource: 'contact', operation: 'addToGroup', contactId: contactId('5b802315a788494a04690d1d'), groupId: 'fields' }, 'groupId: "fields"', OBJECT_ID],
	['contact remove from group "groups"', { resource: 'contact', operation: 'removeFromGroup', contactId: contactId('groups'), groupId: '5b802315a788494a04690d1e' }, 'contactId: "groups"', OBJECT_ID],
];

describe('an id that is no id of its kind is refused before any request', () => {
	it.each(REFUSED)('%s', async (_case, parameters, named, looksLike) => {
		const requests = anyAnswer();
		const error = await failure(runNode({ parameters }));
		expect(error.message).toMatch(/^Not a valid (ID|name) in /);
		expect(error.message).toContain(named);
		expect(error.description).toMatch(/^Nothing was sent/);
		expect(error.description).toMatch(looksLike);
		expect(requests).toEqual([]);
	});
});
