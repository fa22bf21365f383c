/**
 * The legacy text answers (transport/textAnswers.ts, `format` not json): each endpoint's `OK:…`
 * shape parsed, anything else refused, and the shape picked from the endpoint and its selecting
 * parameter.
 */
import {
	parseBalanceText,
	parseHlrText,
	parseOkText,
	parseSendText,
	parseSenderListText,
	parseSenderNameText,
	parseSenderStatusText,
	parseSubuserGetText,
	parseSubuserListText,
	parseSubuserText,
	parseTextAnswer,
	textShapeFor,
} from '../../nodes/Smsapi/transport/textAnswers';
import { SmsapiParseError } from '../../nodes/Smsapi/transport/responseBody';

describe('text parsers', () => {
	it('parseSendText: single recipient OK:<ID>:<POINTS>', () => {
		expect(parseSendText('OK:17101000090360359:0.165')).toEqual({
			count: 1,
			list: [{ id: '17101000090360359', points: 0.165 }],
		});
	});

	it('parseSendText: several recipients, the last entry also ending with ;', () => {
		expect(parseSendText('OK:17101000090360359:0.165:48500000000;OK:17101000090360360:0.3000:48500000001;')).toEqual({
			count: 2,
			list: [
				{ id: '17101000090360359', points: 0.165, number: '48500000000' },
				{ id: '17101000090360360', points: 0.3, number: '48500000001' },
			],
		});
	});

	it('parseSendText rejects anything else', () => {
		expect(() => parseSendText('ERROR:13')).toThrow(SmsapiParseError);
		expect(() => parseSendText('OK:1:abc')).toThrow(SmsapiParseError);
		expect(() => parseSendText('<html></html>')).toThrow(SmsapiParseError);
	});

	it('parseHlrText: success and error entries concatenated', () => {
		expect(parseHlrText('OK:48100200300:1a2:0.1000;ERROR:48500:13;OK:48600700800:1a3:0.05;')).toEqual([
			{ status: 'OK', number: '48100200300', id: '1a2', price: 0.1 },
			{ status: 'ERROR', number: '48500', error: 13 },
			{ status: 'OK', number: '48600700800', id: '1a3', price: 0.05 },
		]);
		expect(() => parseHlrText('OK:1')).toThrow(SmsapiParseError);
	});

	it('parseBalanceText: Points and the earlier Credits', () => {
		expect(parseBalanceText('Points: 12.5000')).toEqual({ points: 12.5 });
		expect(parseBalanceText('Credits: 7')).toEqual({ points: 7 });
		expect(() => parseBalanceText('OK')).toThrow(SmsapiParseError);
	});

	it('parseSubuserText: OK:<SUB_NAME>', () => {
		expect(parseSubuserText('OK:acme_sales')).toEqual({ username: 'acme_sales' });
		expect(() => parseSubuserText('OK')).toThrow(SmsapiParseError);
	});

	it('parseSubuserGetText: limits, flags and an info that contains colons', () => {
		expect(parseSubuserGetText('OK:100.5:50:1:0:1:Team: sales, floor 2')).toEqual({
			limit: 100.5,
			month_limit: 50,
			senders: 1,
			phonebook: 0,
			active: 1,
			info: 'Team: sales, floor 2',
		});
		expect(parseSubuserGetText('OK:10:0:0:0:0:')).toMatchObject({ limit: 10, info: '' });
		expect(() => parseSubuserGetText('OK:10:0')).toThrow(SmsapiParseError);
	});

	it('parseSubuserListText: OK: <sub1>:<sub2>, and none', () => {
		expect(parseSubuserListText('OK: acme_a:acme_b')).toEqual([{ username: 'acme_a' }, { username: 'acme_b' }]);
		expect(parseSubuserListText('OK')).toEqual([]);
		expect(parseSubuserListText('OK:')).toEqual([]);
	});

	it('parseSenderStatusText, parseSenderNameText, parseSenderListText', () => {
		expect(parseSenderStatusText('OK:ACTIVE')).toEqual({ status: 'ACTIVE' });
		expect(parseSenderStatusText('OK:INACTIVE', 'Shop')).toEqual({ sender: 'Shop', status: 'INACTIVE' });
		expect(parseSenderNameText('OK:Shop')).toEqual({ sender: 'Shop' });
		expect(parseSenderListText('OK:Shop,ACTIVE:Test,INACTIVE')).toEqual([
			{ sender: 'Shop', status: 'ACTIVE' },
			{ sender: 'Test', status: 'INACTIVE' },
		]);
		expect(() => parseSenderListText('OK:Shop')).toThrow(SmsapiParseError);
	});

	it('parseOkText: OK alone and OK:<value>', () => {
		expect(parseOkText('OK')).toEqual({ ok: true });
		expect(parseOkText('OK:1')).toEqual({ ok: true, value: '1' });
		expect(() => parseOkText('FAIL')).toThrow(SmsapiParseError);
	});
});

describe('textShapeFor', () => {
	const shape = (endpoint: string, body: Record<string, string | number> = {}, qs: Record<string, string | number> = {}) =>
		textShapeFor({ endpoint, body, qs });

	it('picks the shape from the endpoint and its selecting parameter', () => {
		expect(shape('sms.do', { to: '48500000000' })).toBe('send');
		expect(shape('sms.do', { sch_del: '1' })).toBe('ok');
		expect(shape('/hlr.do', {}, { number: '48500000000' })).toBe('hlr');
		expect(shape('user.do', {}, { credits: 1 })).toBe('balance');
		expect(shape('user.do', {}, { list: 1 })).toBe('subuserList');
		expect(shape('user.do', {}, { get_user: 'sales' })).toBe('subuserGet');
		expect(shape('user.do', { add_user: 'sales' })).toBe('subuser');
		expect(shape('user.do', { set_user: 'sales' })).toBe('subuser');
		expect(shape('sender.do', {}, { status: 'Shop' })).toBe('senderStatus');
		expect(shape('sender.do', {}, { list: 1 })).toBe('senderList');
		expect(shape('sender.do', {}, { delete: 'Shop' })).toBe('senderName');
		expect(shape('sender.do', {}, { add: 'Shop' })).toBe('ok');
		expect(shape('sender.do', {}, { default: 'Shop' })).toBe('ok');
	});

	it('honours an explicit textShape', () => {
		expect(textShapeFor({ endpoint: 'sms.do', textShape: 'balance' })).toBe('balance');
	});

	it('parseTextAnswer dispatches by shape', () => {
		expect(parseTextAnswer('OK:ACTIVE', 'senderStatus', { qs: { status: 'Shop' } })).toEqual({ sender: 'Shop', status: 'ACTIVE' });
		expect(parseTextAnswer('Points: 3', 'balance')).toEqual({ points: 3 });
	});
});
