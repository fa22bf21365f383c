/**
 * Return All, Limit and Search as n8n's own list operations show them (actions/listFields.ts), read
 * per item in n8n-core's ExecuteContext: the item's Search trimmed, how many entries it asks for
 * (every one with Return All), and the first Limit entries of a list the service answers whole.
 */
import { limitEntries, returnAllFields, searchField, searchText, wantedCount } from '../../nodes/Smsapi/actions/listFields';
import { nodeContext, useMockedNetwork } from './support/run-node';

useMockedNetwork();

const entries = Array.from({ length: 5 }, (_, index) => ({ id: String(index) }));
const contextWith = (parameters: Record<string, unknown>) => nodeContext({ parameters: { resource: 'template', operation: 'getMany', ...parameters } as never });

describe('list fields', () => {
	it("shows Return All and Limit as n8n's list operations do: Limit 50, only without Return All", () => {
		expect(returnAllFields.map((field) => [field.name, field.default])).toEqual([
			['returnAll', false],
			['limit', 50],
		]);
		expect(returnAllFields[1].displayOptions).toEqual({ show: { returnAll: [false] } });
		expect(searchField('e.g. anna', 'Finds contacts')).toMatchObject({ name: 'q', placeholder: 'e.g. anna', description: 'Finds contacts' });
	});

	it('asks for Limit entries, or all of them with Return All', () => {
		expect(wantedCount.call(contextWith({ returnAll: false, limit: 3 }), 0)).toBe(3);
		expect(wantedCount.call(contextWith({ returnAll: true, limit: 3 }), 0)).toBe(Infinity);
		expect(limitEntries.call(contextWith({ returnAll: false, limit: 2 }), 0, entries)).toEqual(entries.slice(0, 2));
		expect(limitEntries.call(contextWith({ returnAll: true }), 0, entries)).toEqual(entries);
	});

	it("reads the item's Search trimmed", () => {
		const context = nodeContext({ parameters: { resource: 'contact', operation: 'getMany', q: '  anna  ' } });
		expect(searchText.call(context, 0)).toBe('anna');
	});
});
