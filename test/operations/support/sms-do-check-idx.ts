/** The sms.do the sms.send safety tests send to (nock, through run-node.ts's mockService). */
import type { IDataObject } from 'n8n-workflow';

import { type WireRequest, mockService } from './run-node';

let nextId = 9074294081650020000n;

/**
 * sms.do as the service behaves for these tests: one message per number (in the order given, or
 * reversed with `reverse`), check_idx refusing an idx used before (error 53) only when it is 1,
 * idx echoed.
 */
export function service(options: { reverse?: boolean } = {}) {
	const used = new Set<string>();
	return mockService().on('POST', '/sms.do', (request) => [200, answer(request, used, options.reverse)]);
}

export function answer(request: WireRequest, used: Set<string>, reverse = false): IDataObject {
	const p = request.body;
	const numbers = p.to.split(',');
	const idx = p.idx?.split('|') ?? [];
	if (p.check_idx === '1' && idx.some((value) => used.has(value))) return { error: 53, message: 'Idx already used' };
	for (const value of idx) used.add(value);
	const list = numbers.map((number, i) => {
		nextId += 1n;
		return { id: String(nextId), points: 0.165, number, submitted_number: number, status: 'QUEUE', error: null, idx: idx[i] ?? null, parts: 1 };
	});
	return { count: list.length, list: reverse ? list.reverse() : list };
}
