/**
 * The trigger's filters (trigger/filters.ts): which delivery reports pass the Statuses setting, and
 * which inbound messages pass its keywords and senders. The status table they read is tested in
 * test/callbacks/statuses.test.ts.
 */
import {
	normalizeSender,
	parseList,
	passesInboundFilter,
	passesStatusFilter,
	type InboundFilter,
} from '../../nodes/Smsapi/trigger/filters';

describe('delivery status filter', () => {
	it('passes everything when no status is selected', () => {
		expect(passesStatusFilter({ status: 409 }, [])).toBe(true);
	});

	it('passes only the selected statuses', () => {
		const finalOnly = ['DELIVERED', 'UNDELIVERED'];
		expect(passesStatusFilter({ status: 404, status_name: 'DELIVERED' }, finalOnly)).toBe(true);
		expect(passesStatusFilter({ status: 405, status_name: null }, finalOnly)).toBe(true);
		expect(passesStatusFilter({ status: 409, status_name: 'QUEUE' }, finalOnly)).toBe(false);
		expect(passesStatusFilter({ status: 410 }, ['delivered'])).toBe(false);
	});

	it('falls back to the service\'s status name for codes outside the table', () => {
		expect(passesStatusFilter({ status: 411, status_name: 'RENEWAL' }, ['RENEWAL'])).toBe(true);
		expect(passesStatusFilter({ status: 411, status_name: 'RENEWAL' }, ['DELIVERED'])).toBe(false);
	});
});

describe('inbound message filter', () => {
	const filter = (overrides: Partial<InboundFilter>): InboundFilter => ({
		keywords: [],
		keywordMatch: 'startsWith',
		senders: [],
		...overrides,
	});

	it('passes everything without keywords or senders', () => {
		expect(passesInboundFilter({ sms_from: '1', sms_text: 'x' }, filter({}))).toBe(true);
	});

	it('matches a keyword at the start, case-insensitively, ignoring leading spaces', () => {
		const stop = filter({ keywords: ['STOP', 'unsubscribe'] });
		expect(passesInboundFilter({ sms_text: '  stop please' }, stop)).toBe(true);
		expect(passesInboundFilter({ sms_text: 'Unsubscribe me' }, stop)).toBe(true);
		expect(passesInboundFilter({ sms_text: 'please stop' }, stop)).toBe(false);
		expect(passesInboundFilter({ sms_text: null }, stop)).toBe(false);
	});

	it('matches a keyword anywhere with "contains"', () => {
		const contains = filter({ keywords: ['stop'], keywordMatch: 'contains' });
		expect(passesInboundFilter({ sms_text: 'Please STOP now' }, contains)).toBe(true);
		expect(passesInboundFilter({ sms_text: 'Please go on' }, contains)).toBe(false);
	});

	it('matches sender numbers written in different ways, and sender names', () => {
		const senders = filter({ senders: ['+48 500-000-000', 'MyBank'] });
		expect(passesInboundFilter({ sms_from: '48500000000' }, senders)).toBe(true);
		expect(passesInboundFilter({ sms_from: '0048500000000' }, senders)).toBe(true);
		expect(passesInboundFilter({ sms_from: 'mybank' }, senders)).toBe(true);
		expect(passesInboundFilter({ sms_from: '48500000001' }, senders)).toBe(false);
		expect(passesInboundFilter({}, senders)).toBe(false);
	});

	it('requires both the sender and the keyword when both are set', () => {
		const both = filter({ senders: ['48500000000'], keywords: ['yes'] });
		expect(passesInboundFilter({ sms_from: '48500000000', sms_text: 'yes' }, both)).toBe(true);
		expect(passesInboundFilter({ sms_from: '48500000000', sms_text: 'no' }, both)).toBe(false);
		expect(passesInboundFilter({ sms_from: '48600000000', sms_text: 'yes' }, both)).toBe(false);
	});

	it('normalizes senders and lists', () => {
		expect(normalizeSender(' +48 (500) 000 000 ')).toBe('48500000000');
		expect(normalizeSender('0048500000000')).toBe('48500000000');
		expect(normalizeSender('Shop-24')).toBe('shop-24');
		expect(parseList('a, b;c\n\n d ,')).toEqual(['a', 'b', 'c', 'd']);
		expect(parseList(['x ', ' y'])).toEqual(['x', 'y']);
		expect(parseList(undefined)).toEqual([]);
	});
});
