/**
 * What an id of each kind looks like in the published API (transport/idFormats.ts): contacts,
 * groups and contact fields 24 hex digits, short links digits, opt-outs and templates letters and
 * digits but never the path beside them (`settings`, `available`), sender names as `Sender` is
 * published (and never `statement` in a path), any other id letters and digits; nothing that could
 * change a path (`.`, `..`, `/`, `?`, `#`, `%`) is any id.
 */
import { idFormatOf, SENDER_NAME, SENDER_NAME_IN_PATH } from '../../nodes/Smsapi/transport/idFormats';

const accepts = (field: string, text: string) => idFormatOf(field).accepts(text);
const PATH_CHANGERS = ['', '.', '..', 'a/b', 'a?b', 'a#b', '%2e', 'a b'];

describe('id formats', () => {
	it('contacts, groups and contact fields: the published Id, 24 hex digits', () => {
		for (const field of ['contactId', 'groupId', 'contactFieldId']) {
			expect(accepts(field, '5b802315a788494a04690d1d')).toBe(true);
			expect(accepts(field, '5B802315A788494A04690D1D')).toBe(true);
			expect(accepts(field, '5b802315a788494a04690d1')).toBe(false);
			expect(accepts(field, 'trash')).toBe(false);
		}
	});

	it('short links: digits only', () => {
		expect(accepts('linkId', '123')).toBe(true);
		expect(accepts('linkId', '12a')).toBe(false);
	});

	it('opt-outs and templates: letters and digits, never the address beside the records', () => {
		expect(accepts('optOutId', 'abc123')).toBe(true);
		expect(accepts('optOutId', 'settings')).toBe(false);
		expect(accepts('optOutId', 'Settings')).toBe(false);
		expect(accepts('templateId', 'available')).toBe(false);
		expect(accepts('templateId', 'settings')).toBe(true);
		expect(idFormatOf('optOutId').looksLike).toContain('"settings"');
	});

	it('any other id (sub-users, callbacks): letters and digits', () => {
		expect(accepts('callbackId', '0f0f0f0f0f')).toBe(true);
		expect(accepts('toString', 'abc')).toBe(true);
		expect(accepts('callbackId', 'a-b')).toBe(false);
	});

	it('no id of any kind can change a path', () => {
		for (const field of ['contactId', 'linkId', 'optOutId', 'templateId', 'callbackId']) for (const text of PATH_CHANGERS) expect(accepts(field, text)).toBe(false);
	});

	it('sender names as published: 8 to 16 digits, or up to 11 of letters, digits, spaces and _ . - & @ % ! +; never "statement" in a path', () => {
		for (const name of ['Bakery', 'My Shop', 'A.B-C&D@E%', '48500000000', '1234567890123456']) expect(SENDER_NAME.accepts(name)).toBe(true);
		for (const name of ['', 'TwelveChars!', 'Zażółć', '12345678901234567', 'a/b']) expect(SENDER_NAME.accepts(name)).toBe(false);
		expect(SENDER_NAME.accepts('statement')).toBe(true);
		expect(SENDER_NAME_IN_PATH.accepts('statement')).toBe(false);
		expect(SENDER_NAME_IN_PATH.accepts('Bakery')).toBe(true);
	});
});
