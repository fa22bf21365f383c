/**
 * The callback events and their fields (callbacks/eventFields.ts): each event's field names as the
 * service documents them (docs/service-behaviour.md, "Callbacks"), of a kind the parser knows, the
 * node's own query parameter never one of them, and only own keys counting as fields.
 */
import { EVENT_FIELDS, isEventField, RESERVED_KEYS } from '../../nodes/Smsapi/callbacks/eventFields';

describe('the events and their fields', () => {
	it('has the five events the service calls back with, and the fields of each as documented', () => {
		expect(Object.keys(EVENT_FIELDS).sort()).toEqual(['bulk', 'click', 'dlr', 'hlr', 'mo']);
		expect(Object.keys(EVENT_FIELDS.dlr)).toEqual(['MsgId', 'status', 'status_name', 'idx', 'sent_at', 'donedate', 'username', 'points', 'to', 'mcc', 'mnc']);
		expect(Object.keys(EVENT_FIELDS.mo)).toEqual(['sms_to', 'sms_from', 'sms_text', 'sms_date', 'username', 'MsgId']);
		expect(EVENT_FIELDS.dlr).toMatchObject({ status: 'int', points: 'number', sent_at: 'time', donedate: 'time' });
		expect(EVENT_FIELDS.hlr).toMatchObject({ ported: 'flag', date: 'time' });
	});

	it('gives every field a kind the parser converts', () => {
		const kinds = new Set(Object.values(EVENT_FIELDS).flatMap((fields) => Object.values(fields)));
		expect([...kinds].sort()).toEqual(['flag', 'id', 'int', 'number', 'text', 'time']);
	});

	it("keeps the node's own query parameter out of every event's fields", () => {
		for (const fields of Object.values(EVENT_FIELDS)) for (const reserved of RESERVED_KEYS) expect(Object.keys(fields)).not.toContain(reserved);
	});

	it('counts only own keys as fields: toString, constructor and __proto__ are none', () => {
		expect(isEventField('dlr', 'MsgId')).toBe(true);
		expect(isEventField('mo', 'MsgId')).toBe(true);
		expect(isEventField('mo', 'status')).toBe(false);
		for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) expect(isEventField('dlr', name)).toBe(false);
	});
});
