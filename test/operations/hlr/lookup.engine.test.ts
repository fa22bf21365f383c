/**
 * Number Lookup (HLR) in n8n's engine in-process (support/engine.ts) against the emulator: 45 numbers,
 * the service's and the node's refusals with and without Continue On Fail (the `res-hlr-*` fixtures).
 * Its tests against a mocked service: lookup.test.ts.
 */
import { headerOf } from '../../e2e/harness/smsapi';
import { FORM, HEX_ID, answerOf, recorded, summary } from '../../workflow/resource-fixtures';
import { nodeError as errorOf, nodeItems as itemsOf, nodeJson as jsonOf, pairedIndex } from '../../workflow/run-result';
import { useResourceFixtures } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe("hlr.lookup in n8n's engine against the emulator", () => {
	const suite = useResourceFixtures();
	const emulator = () => suite.emulator();

	it(
		'hlr.lookup of 45 numbers: three POST hlr.do of 20, 20 and 5 numbers in order, idx on each; 45 items with price as a number',
		async () => {
			const numbers = Array.from({ length: 45 }, (_, i) => String(48500000101 + i));
			const run = await suite.run('res-hlr-many');
			expect(run.error).toBeUndefined();

			const requests = await recorded(emulator());
			expect(summary(requests)).toEqual(['POST /hlr.do', 'POST /hlr.do', 'POST /hlr.do']);
			for (const request of requests) {
				expect(request).toMatchObject({ address: 'primary', authMethod: 'bearer', responseStatus: 200 });
				expect(headerOf(request, 'content-type')).toMatch(FORM);
				expect(Object.keys(request.body).sort()).toEqual(['format', 'idx', 'number']);
				expect(request.body).toMatchObject({ format: 'json', idx: 'batch45' });
			}
			expect(requests.map((request) => request.body.number.split(',').length)).toEqual([20, 20, 5]);
			expect(requests.flatMap((request) => request.body.number.split(','))).toEqual(numbers);

			const items = itemsOf(run, 'Lookup');
			expect(items).toHaveLength(45);
			items.forEach((item, i) => {
				expect(pairedIndex(item)).toBe(0);
				expect(item.json).toEqual({ status: 'OK', number: numbers[i], id: expect.stringMatching(HEX_ID), price: 0.1 });
			});
			expect(emulator().state.hlrLookups.map((lookup) => lookup.number)).toEqual(numbers);
			expect(emulator().state.hlrLookups.every((lookup) => lookup.idx === 'batch45')).toBe(true);
			expect(emulator().state.account.points).toBeCloseTo(95.5, 6);
		}
	);

	it(
		'hlr.lookup with continue on fail: the service refuses one number (error 13) and the node one; each fails only its own item, on the error output when there is one',
		async () => {
			const run = await suite.run('res-hlr-bad');
			expect(run.error).toBeUndefined();

			// The numbers of all items travel together; the one the node rejected never leaves n8n.
			// Two nodes (regular output, error output) make the same request.
			const requests = await recorded(emulator());
			expect(summary(requests)).toEqual(['POST /hlr.do', 'POST /hlr.do']);
			for (const request of requests) {
				expect(request.body).toEqual({ format: 'json', number: '48500000001,1234567' });
				expect(answerOf(request)).toEqual([
					expect.objectContaining({ status: 'OK', number: '48500000001' }),
					{ status: 'ERROR', number: '1234567', error: 13 },
				]);
			}
			expect(emulator().state.account.points).toBeCloseTo(99.8, 6);

			const looked = { status: 'OK', number: '48500000001', id: expect.stringMatching(HEX_ID), price: 0.1 };
			const refused = {
				status: 'ERROR',
				number: '1234567',
				errorCode: 13,
				error: 'Number lookup failed for 1234567: not a valid phone number (error 13)',
			};
			const rejected = expect.stringMatching(/^Not a valid phone number: "48-ABC-000" \(.*contains "A"/);

			// Continue (regular output): one output, every item answered in input order.
			const items = itemsOf(run, 'Lookup');
			expect(items.map(pairedIndex)).toEqual([0, 1, 2]);
			expect(items[0].json).toEqual(looked);
			expect(items[1].json).toEqual(refused);
			expect(items[2].json).toEqual({ error: rejected, description: expect.any(String) });

			// Continue (using error output): n8n routes the failed number and item to the second output,
			// with the fields of the input item they answer.
			expect(jsonOf(run, 'Looked Up')).toEqual([looked]);
			expect(jsonOf(run, 'Failed')).toEqual([
				{ phone: '1234567', error: refused.error },
				{ phone: '48-ABC-000', error: rejected },
			]);
		}
	);

	it(
		'hlr.lookup without continue on fail: the node stops naming the refused number and the numbers that were looked up',
		async () => {
			const run = await suite.run('res-hlr-bad-stop');
			expect(run.status).toBe('error');

			const requests = await recorded(emulator());
			expect(summary(requests)).toEqual(['POST /hlr.do']);
			expect(requests[0].body.number).toBe('48500000001,1234567,48500000002');

			const error = errorOf(run, 'Lookup');
			expect(error.message).toBe('Number lookup failed for 1234567 (not a valid phone number (error 13))');
			expect(error.description).toContain('The other numbers were looked up (and charged): 48500000001, 48500000002.');
		}
	);
});
