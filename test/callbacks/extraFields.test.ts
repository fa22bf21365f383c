/**
 * Fields the service does not document (nodes/Smsapi/callbacks/extraFields.ts): names that would
 * hide a member of every object are left out (issue 29, finding 14), small extra fields are on
 * every report as before, and copies into several reports stop at PARSE_LIMITS.maxExtraCopies
 * (finding 11). Parsed alone, and through the trigger's `webhook()` (test/trigger/support/).
 */
import type { IDataObject, INodeType } from 'n8n-workflow';

import { parseCallback } from '../../nodes/Smsapi/callbacks/callbackParsing';
import type { CallbackEvent, CallbackInput, ParseResult } from '../../nodes/Smsapi/callbacks/eventFields';
import { PARSE_LIMITS } from '../../nodes/Smsapi/callbacks/limits';
import {
	callWebhook,
	createWorkflow,
	itemsOf,
	loadTrigger,
	logs,
	NODE_NAME,
} from '../trigger/support/webhook-calls';

function ok(result: ParseResult) {
	if (!result.ok)
		throw new Error(`expected a parsed callback, got ${result.status}: ${result.reason}`);
	return result;
}

/** The members of every object, and `toJSON`, that a caller could name a field after. */
const MEMBER_NAMES = [
	'toString',
	'valueOf',
	'hasOwnProperty',
	'toJSON',
	'constructor',
	'__proto__',
	'isPrototypeOf',
	'propertyIsEnumerable',
	'toLocaleString',
	'__defineGetter__',
	'__defineSetter__',
	'__lookupGetter__',
	'__lookupSetter__',
];

/** `{ toString: 'x1', valueOf: 'x2', … }` as an object of own keys (a literal would set the prototype). */
function memberFields(): Record<string, string> {
	const fields: Record<string, string> = {};
	MEMBER_NAMES.forEach((name, i) =>
		Object.defineProperty(fields, name, {
			value: `x${i}`,
			enumerable: true,
			writable: true,
			configurable: true,
		}),
	);
	return fields;
}

const formOf = (fields: Record<string, string>) =>
	Object.keys(fields)
		.map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(fields[key])}`)
		.join('&');

/** Every shape a callback of each event can take, with fields named like object members added. */
const withMemberNames: Array<[string, CallbackEvent, () => CallbackInput]> = [
	[
		'dlr, one report (query)',
		'dlr',
		() => ({ query: { MsgId: '1', status: '404', ...memberFields() }, body: {} }),
	],
	[
		'dlr, three reports (query)',
		'dlr',
		() => ({ query: { MsgId: '1,2,3', status: '404,404,404', ...memberFields() }, body: {} }),
	],
	[
		'click (query)',
		'click',
		() => ({ query: { MsgId: 'm1', suffix: 'abc', ...memberFields() }, body: {} }),
	],
	[
		'mo (form text)',
		'mo',
		() => ({
			query: {},
			body: {},
			rawBody: formOf({ sms_from: '48500', sms_text: 'hi', ...memberFields() }),
		}),
	],
	[
		'mo (JSON)',
		'mo',
		() => ({
			query: {},
			body: JSON.parse(
				JSON.stringify({ sms_from: '48500', sms_text: 'hi', ...memberFields() }),
			) as unknown,
		}),
	],
	[
		'hlr (JSON entries)',
		'hlr',
		() => ({
			query: {},
			body: [
				{ id: '1', number: '48500', ...memberFields() },
				{ id: '2', number: '48501', ...memberFields() },
			],
		}),
	],
	[
		'hlr (parallel arrays)',
		'hlr',
		() => ({ query: {}, body: { id: ['1', '2'], number: ['48500', '48501'], ...memberFields() } }),
	],
	[
		'bulk (form text)',
		'bulk',
		() => ({ query: {}, body: {}, rawBody: formOf({ type: 'SMS', all: '5', ...memberFields() }) }),
	],
];

describe('fields named like members of every object (finding 14)', () => {
	it.each(withMemberNames)(
		'%s: left out, the reports behave as objects, and the log names them',
		(_shape, event, input) => {
			const result = ok(parseCallback(event, input()));
			expect(result.reports.length).toBeGreaterThan(0);
			for (const report of result.reports) {
				expect(Object.keys(report).filter((key) => MEMBER_NAMES.includes(key))).toEqual([]);
				expect(String(report)).toBe('[object Object]');
				expect(`${report as unknown as string}`).toBe('[object Object]');
				expect(report.hasOwnProperty(Object.keys(report)[0])).toBe(true);
				expect(JSON.parse(JSON.stringify(report))).toEqual(report);
				expect(Object.getPrototypeOf(report)).toBe(Object.prototype);
			}
			const warning = result.warnings.find((line) =>
				line.startsWith('left out fields named like members'),
			);
			expect(warning).toContain('toString');
		},
	);

	it("through the node and n8n's expressions: String($json) and $json.hasOwnProperty() work, the log says what was left out", async () => {
		const trigger: INodeType = new (loadTrigger())();
		logs.length = 0;
		const workflow = createWorkflow(trigger, { event: 'mo', secret: '' });
		const body = JSON.parse(
			JSON.stringify({ sms_from: '48500', sms_text: 'hi', MsgId: 'm1', ...memberFields() }),
		) as IDataObject;
		const call = await callWebhook(trigger, workflow, { method: 'POST', body });
		const items = call.result.workflowData![0];
		const evaluate = (expression: string) =>
			workflow.expression.getParameterValue(
				expression,
				null,
				0,
				0,
				NODE_NAME,
				items,
				'webhook',
				{},
			);
		expect(evaluate('={{ String($json) }}')).toBe('[object Object]');
		expect(evaluate("={{ $json.hasOwnProperty('sms_text') }}")).toBe(true);
		expect(evaluate('={{ JSON.stringify($json).length > 0 }}')).toBe(true);
		expect(itemsOf(call)[0]).toMatchObject({ sms_from: '48500', sms_text: 'hi', MsgId: 'm1' });
		const warned = logs.filter((line) => line.level === 'warn').map((line) => line.message);
		expect(warned).toEqual([
			expect.stringContaining(
				'left out fields named like members of every object (they would break $json): toString, valueOf, hasOwnProperty, toJSON, isPrototypeOf and 6 more',
			),
		]);
	});

	it('other extra fields still pass through, names that merely contain a member name too', () => {
		const { reports } = ok(
			parseCallback('click', {
				query: { MsgId: 'm1', campaign: 'x', toStringValue: 'y', my_constructor: 'z' },
				body: {},
			}),
		);
		expect(reports[0]).toMatchObject({ campaign: 'x', toStringValue: 'y', my_constructor: 'z' });
	});
});

describe('extra fields in a callback of several reports (finding 11)', () => {
	const dlrs = (count: number) => ({
		MsgId: Array.from({ length: count }, (_, i) => String(i + 1)).join(','),
		status: Array.from({ length: count }, () => '404').join(','),
	});

	it('a small value sent once is on every report, a value per report on its own report (as before)', () => {
		const { reports, warnings } = ok(
			parseCallback('dlr', {
				query: { ...dlrs(5), api_version: '2', price: 'a,b,c,d,e' },
				body: {},
			}),
		);
		expect(reports.map((report) => [report.api_version, report.price])).toEqual([
			['2', 'a'],
			['2', 'b'],
			['2', 'c'],
			['2', 'd'],
			['2', 'e'],
		]);
		expect(warnings).toEqual([]);
		const lookups = ok(
			parseCallback('hlr', {
				query: {},
				body: { id: ['1', '2'], number: ['48500', '48501'], batch: 'b7' },
			}),
		);
		expect(lookups.reports.map((report) => report.batch)).toEqual(['b7', 'b7']);
	});

	it('copies up to the limit are made; one character more and the extra fields are kept once, on the first report, as sent', () => {
		// 127 copies of `"x":"<value>",`: 6 characters of JSON, the name and the value.
		const within = 'v'.repeat(Math.floor(PARSE_LIMITS.maxExtraCopies / 127) - 1 - 6);
		const atLimit = ok(parseCallback('dlr', { query: { ...dlrs(128), x: within }, body: {} }));
		expect(atLimit.reports.every((report) => report.x === within)).toBe(true);

		const beyond = ok(parseCallback('dlr', { query: { ...dlrs(128), x: `${within}v` }, body: {} }));
		expect(beyond.reports).toHaveLength(128);
		expect(beyond.reports[0]).toMatchObject({ MsgId: '1', x: `${within}v` });
		expect(beyond.reports.slice(1).filter((report) => 'x' in report)).toEqual([]);
		expect(beyond.warnings).toEqual([
			`extra fields not copied into each of 128 reports (over ${PARSE_LIMITS.maxExtraCopies} characters of copies), kept once on the first: x`,
		]);

		// Then a field with one value per report is kept once too: its text as sent.
		const price = Array.from({ length: 128 }, (_, i) => `p${i}`).join(',');
		const both = ok(
			parseCallback('dlr', { query: { ...dlrs(128), x: `${within}v`, price }, body: {} }),
		);
		expect(both.reports[0]).toMatchObject({ x: `${within}v`, price });
		expect(both.reports.slice(1).filter((report) => 'price' in report)).toEqual([]);
	});

	it('kept once in parallel arrays too: a list per report stays a list, on the first report', () => {
		const count = 1000;
		const body = {
			id: Array.from({ length: count }, (_, i) => String(i)),
			note: Array.from({ length: count }, () => 'n'),
			blob: 'b'.repeat(1000),
		};
		const { reports, warnings } = ok(parseCallback('hlr', { query: {}, body }));
		expect(reports).toHaveLength(count);
		expect(reports[0]).toMatchObject({ id: '0', note: body.note, blob: body.blob });
		expect(reports.slice(1).filter((report) => 'note' in report || 'blob' in report)).toEqual([]);
		expect(warnings).toEqual([expect.stringContaining('kept once on the first: note, blob')]);
	});

	it("an event's own field sent once for every entry beyond the copy limit is refused (413)", () => {
		const body = {
			sms_from: Array.from({ length: 200 }, (_, i) => String(i)),
			sms_text: 't'.repeat(1000),
		};
		expect(parseCallback('mo', { query: {}, body })).toMatchObject({
			ok: false,
			status: 413,
			reason: expect.stringContaining('would be copied into each'),
		});
		// Small values sent once are copied, as before.
		const small = ok(parseCallback('mo', { query: {}, body: { ...body, sms_text: 'hi' } }));
		expect(small.reports.map((report) => report.sms_text)).toEqual(body.sms_from.map(() => 'hi'));
	});

	it('the warning names the fields kept once on one log line: control characters in their names are escaped', async () => {
		const trigger: INodeType = new (loadTrigger())();
		logs.length = 0;
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: '' });
		const call = await callWebhook(trigger, workflow, {
			query: { ...dlrs(200), 'x\nSMSAPI Trigger: forged line': 'v'.repeat(200) },
		});
		expect(itemsOf(call)).toHaveLength(200);
		const warned = logs.filter((line) => line.level === 'warn').map((line) => line.message);
		expect(warned).toEqual([
			expect.stringContaining('kept once on the first: x\\u000aSMSAPI Trigger: forged line'),
		]);
		expect(warned[0]).not.toContain('\n');
	});

	it('never replaces a field the node sets itself (final, …_iso)', () => {
		const { reports } = ok(
			parseCallback('dlr', {
				query: { MsgId: '1,2', status: '409,404', final: 'yes', sent_at_iso: 'forged' },
				body: {},
			}),
		);
		expect(reports.map((report) => [report.final, report.sent_at_iso])).toEqual([
			[false, null],
			[true, null],
		]);
	});
});
