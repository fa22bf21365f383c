/**
 * A send's wire form (send/wire.ts), from loose parameters (test/support/looseSend.ts): recipients
 * joined with commas, per-recipient values with pipes, flags as 1 and 0, dates as UNIX seconds,
 * empty values left out. Through the node: the SMS operations' tests in test/operations/.
 */
import { toWireParameters } from '../support/looseSend';

const NOW = new Date('2025-03-01T12:00:00Z');
const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);

describe('toWireParameters', () => {
	it('joins recipients with commas and per-recipient values with pipes', () => {
		expect(
			toWireParameters({
				to: ['48500000000', '48500000001'],
				message: 'Hi [%1%]',
				param1: ['Ann', 'Bob'],
				idx: ['a1', 'b2'],
				fast: true,
				flash: false,
				max_parts: 2,
				date: NOW,
				from: '',
				template: undefined,
			}),
		).toEqual({
			to: '48500000000,48500000001',
			message: 'Hi [%1%]',
			param1: 'Ann|Bob',
			idx: 'a1|b2',
			fast: '1',
			flash: '0',
			max_parts: '2',
			date: String(NOW_SECONDS),
		});
	});
});
