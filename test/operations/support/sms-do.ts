/** The sms.do the sms.send operation tests send to, and the mms.do / vms.do of the media sends (nock, through run-node.ts's mockService). */
import type { IDataObject } from 'n8n-workflow';

import type { WireRequest } from './run-node';

let nextId = 7074294081650020000n;

/**
 * A small sms.do: one message per valid number (numbers starting 481 are landlines: skipped and
 * listed in invalid_numbers, as the service does), [%1%]..[%4%] filled from param1..4, idx
 * echoed; with details=1 the first message's text, length and parts at the top level.
 */
export function smsDo(request: WireRequest): [number, unknown] {
	const p = request.body;
	const numbers = p.to.split(',');
	const idx = p.idx?.split('|');
	const params = [1, 2, 3, 4].map((n) => p[`param${n}`]?.split('|'));
	const list: IDataObject[] = [];
	const texts: string[] = [];
	const invalid: IDataObject[] = [];
	numbers.forEach((number, i) => {
		if (number.startsWith('481')) {
			invalid.push({ number, submitted_number: number, message: 'Invalid phone number', error_code: 13 });
			return;
		}
		texts.push((p.message ?? '').replace(/\[%([1-4])%\]/g, (_, n: string) => params[Number(n) - 1]?.[i] ?? ''));
		nextId += 1n;
		list.push({
			id: String(nextId),
			points: '0.1650',
			number,
			date_sent: 1798000000,
			submitted_number: number,
			status: 'QUEUE',
			error: null,
			idx: idx?.[i] ?? null,
			parts: 1,
		});
	});
	if (list.length === 0) return [200, { error: 13, message: 'No correct phone numbers', invalid_numbers: invalid }];
	const body: IDataObject = { count: list.length, list };
	if (invalid.length) body.invalid_numbers = invalid;
	if (p.details === '1') Object.assign(body, { message: texts[0], length: texts[0].length, parts: 1 });
	return [200, body];
}

/** An answer of mms.do / vms.do for the request's recipients and idx values. */
export function mediaDo(body: Record<string, string>) {
	const numbers = body.to.split(',');
	const idx = body.idx?.split('|') ?? [];
	return {
		count: numbers.length,
		list: numbers.map((number, i) => ({ id: `m${i}`, points: '0.3', number, date_sent: 1, submitted_number: number, status: 'QUEUE', idx: idx[i] ?? null })),
	};
}
