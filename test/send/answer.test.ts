/**
 * The service's answer handed back to the items of a request (send/answer.ts), in n8n-core's
 * ExecuteContext: one output row per message with `points` a number, entry i of an answer in
 * request order the row of recipient i, the details the service adds for the first message kept
 * on every message only when all got the same text; the numbers it skipped an error of their
 * item; an entry of no recipient logged, not dropped; a request the primary had accepted before
 * its answer was lost: a row per recipient, `accepted_earlier`, with its idx.
 */
import type { IDataObject } from 'n8n-workflow';

import { ItemOutcomes } from '../../nodes/Smsapi/items/outcomes';
import { acceptedEarlier, applyAnswer } from '../../nodes/Smsapi/send/answer';
import { executeContext, logs } from '../support/n8n-context';
import { splitIntoRequests } from '../support/looseSend';

const entry = (number: string, id: string) => ({ id, points: '0.165', number, date_sent: 1700000000, submitted_number: number, status: 'QUEUE' });
const context = () => executeContext({ items: [{ json: {} }, { json: {} }] });

describe('the answer handed back', () => {
	it('one row per message, points as a number, the details of the same text on every message', async () => {
		const [request] = splitIntoRequests([
			{ itemIndex: 0, params: { to: ['48500000001', '48500000002'], message: 'Hi', details: 1 } },
			{ itemIndex: 1, params: { to: ['48500000003'], message: 'Hi', details: 1 } },
		]);
		const outcomes = new ItemOutcomes<IDataObject>(context(), 2);
		await applyAnswer.call(context(), request, { count: 3, message: 'Hi', length: 2, parts: 1, list: [entry('48500000001', 'm1'), entry('48500000002', 'm2'), entry('48500000003', 'm3')] }, outcomes);
		expect(outcomes.get(0).rows).toEqual([
			{ id: 'm1', points: 0.165, number: '48500000001', date_sent: 1700000000, submitted_number: '48500000001', status: 'QUEUE', message: 'Hi', length: 2, parts: 1 },
			{ id: 'm2', points: 0.165, number: '48500000002', date_sent: 1700000000, submitted_number: '48500000002', status: 'QUEUE', message: 'Hi', length: 2, parts: 1 },
		]);
		expect(outcomes.get(1).rows.map((row) => row.id)).toEqual(['m3']);
	});

	it('an answer in request order, each entry with its idx: entry i is the row of recipient i, in its item', async () => {
		const [request] = splitIntoRequests([
			{ itemIndex: 0, params: { to: ['48500000001', '48500000001'], message: 'Hi', idx: ['a', 'b'], allow_duplicates: 1 } },
			{ itemIndex: 1, params: { to: ['48500000001'], message: 'Hi', idx: ['c'], allow_duplicates: 1 } },
		]);
		const outcomes = new ItemOutcomes<IDataObject>(context(), 2);
		const list = ['a', 'b', 'c'].map((idx) => ({ ...entry('48500000001', `m-${idx}`), idx }));
		await applyAnswer.call(context(), request, { count: 3, list }, outcomes);
		expect([outcomes.get(0).rows, outcomes.get(1).rows].map((rows) => rows.map((row) => [row.id, row.idx, row.points]))).toEqual([
			[['m-a', 'a', 0.165], ['m-b', 'b', 0.165]],
			[['m-c', 'c', 0.165]],
		]);
		expect([outcomes.get(0).errors, outcomes.get(1).errors]).toEqual([[], []]);
	});

	it("the details describe the first message only when the texts differ", async () => {
		const [request] = splitIntoRequests([{ itemIndex: 0, params: { to: ['48500000001', '48500000002'], message: 'Hi [%1%]', param1: ['Anna', 'Jan'], details: 1 } }]);
		const outcomes = new ItemOutcomes<IDataObject>(context(), 1);
		await applyAnswer.call(context(), request, { count: 2, message: 'Hi Anna', list: [entry('48500000001', 'm1'), entry('48500000002', 'm2')] }, outcomes);
		expect(outcomes.get(0).rows.map((row) => row.message)).toEqual(['Hi Anna', undefined]);
	});

	it("a skipped number is its item's error", async () => {
		const [request] = splitIntoRequests([{ itemIndex: 0, params: { to: ['48500000001', '48123456'], message: 'Hi' } }]);
		const outcomes = new ItemOutcomes<IDataObject>(context(), 1);
		await applyAnswer.call(context(), request, { count: 1, list: [entry('48500000001', 'm1')], invalid_numbers: [{ number: '48123456', submitted_number: '48123456', message: 'Invalid phone number' }] }, outcomes);
		expect(outcomes.get(0).rows.map((row) => row.id)).toEqual(['m1']);
		expect(outcomes.get(0).errors.map((error) => error.message)).toEqual([expect.stringMatching(/^No message for 48123456/)]);
	});

	it('an entry of no recipient is logged, not dropped without a word', async () => {
		const [request] = splitIntoRequests([{ itemIndex: 0, params: { to: ['48500000001'], message: 'Hi' } }]);
		const outcomes = new ItemOutcomes<IDataObject>(context(), 1);
		logs.length = 0;
		await applyAnswer.call(context(), request, { count: 2, list: [entry('48500000001', 'm1'), entry('48999999999', 'stray')] }, outcomes);
		expect(outcomes.get(0).rows.map((row) => row.id)).toEqual(['m1']);
		expect(logs.filter((line) => line.level === 'warn').map((line) => line.message)).toEqual([expect.stringContaining('1 message that match no recipient of the request, so no output item carries it: 48999999999 (id stray)')]);
	});

	it('accepted earlier: a row per recipient with its idx, no id', () => {
		const [request] = splitIntoRequests([
			{ itemIndex: 0, params: { to: ['48500000001'], message: 'Hi', idx: 'a1' } },
			{ itemIndex: 1, params: { to: ['48500000002'], message: 'Hi', idx: 'b2' } },
		]);
		const outcomes = new ItemOutcomes<IDataObject>(context(), 2);
		acceptedEarlier(request, outcomes);
		expect([outcomes.get(0).rows, outcomes.get(1).rows]).toEqual([
			[{ id: null, number: '48500000001', idx: 'a1', status: 'ACCEPTED', accepted_earlier: true }],
			[{ id: null, number: '48500000002', idx: 'b2', status: 'ACCEPTED', accepted_earlier: true }],
		]);
	});
});
