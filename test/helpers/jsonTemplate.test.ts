/**
 * The fast path for per-item parameters (helpers/jsonTemplate.ts): an expression whose every
 * `{{ … }}` is a plain read of the item is rendered by the node with exactly n8n's result (here
 * against n8n-workflow's own evaluation in n8n-core's ExecuteContext: a value alone keeps its type,
 * in text null, undefined and '' give nothing, 0 and false stay); anything else (code, `.constructor`,
 * a backslash, a refused key, not an expression) is not taken, and an item the fast path cannot
 * render exactly (an object, an array or a Date reached, a read past a missing key) is left to n8n.
 * Against both real n8n lines: test/e2e/expression-parity.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { compileJsonTemplate, renderJsonPieces, renderJsonTemplate } from '../../nodes/Smsapi/helpers/jsonTemplate';
import { executeContext, smsapiNode } from '../support/n8n-context';

/** n8n's own rendering of `message` for the item. */
const n8nRenders = (message: string, json: IDataObject) =>
	executeContext({ node: smsapiNode({ resource: 'sms', operation: 'send', to: '48500000001', message }), items: [{ json }] }).getNodeParameter('message', 0);

const ITEM: IDataObject = { to: '48500000001', name: 'Anna', 'first name': 'Ola', zero: 0, no: false, nothing: null, empty: '', address: { city: 'Kraków' }, list: ['a', 'b'], count: 7 };

describe('the fast path', () => {
	it.each([
		'={{ $json.to }}',
		'={{ $json.count }}',
		'={{ $json.nothing }}',
		'=Hi {{ $json.name }} from {{ $json.address.city }}',
		'={{ $json["first name"] }} {{ $json.list[1] }}',
		'=[{{ $json.zero }}|{{ $json.no }}|{{ $json.nothing }}|{{ $json.empty }}|{{ $json.missing }}]',
	])('%s renders as n8n renders it', (message) => {
		const template = compileJsonTemplate(message);
		expect(template).not.toBeNull();
		const rendered = renderJsonTemplate(template!, ITEM);
		expect(rendered).toEqual({ rendered: true, value: n8nRenders(message, ITEM) });
	});

	it('keeps a value alone as it is: a number stays a number', () => {
		expect(renderJsonTemplate(compileJsonTemplate('={{ $json.count }}')!, ITEM)).toEqual({ rendered: true, value: 7 });
	});

	it.each(['Hi', 'Hi {{ $json.name }}', '={{ $json.name.toUpperCase() }}', '={{ $json.a.constructor }}', '=a\\b {{ $json.name }}', '={{ $json.__proto__ }}', '={{ $now }}', '=Hi {{ $json.name'])(
		'does not take %s (n8n evaluates it)',
		(stored) => {
			expect(compileJsonTemplate(stored)).toBeNull();
		},
	);

	it('leaves to n8n an item whose value is an object, an array or a Date, or a read past a missing key', () => {
		const template = compileJsonTemplate('=Hi {{ $json.address }}')!;
		expect(renderJsonTemplate(template, ITEM)).toEqual({ rendered: false });
		expect(renderJsonTemplate(compileJsonTemplate('={{ $json.list }}')!, ITEM)).toEqual({ rendered: false });
		expect(renderJsonTemplate(compileJsonTemplate('={{ $json.when }}')!, { when: new Date(0) })).toEqual({ rendered: false });
		expect(renderJsonTemplate(compileJsonTemplate('={{ $json.missing.city }}')!, ITEM)).toEqual({ rendered: false });
	});

	it('gives the pieces: the fixed text trusted, the values from the item untrusted', () => {
		expect(renderJsonPieces(compileJsonTemplate('=Hi {{ $json.name }}!')!, ITEM)).toEqual([
			{ text: 'Hi ', untrusted: false },
			{ text: 'Anna', untrusted: true },
			{ text: '!', untrusted: false },
		]);
	});
});
