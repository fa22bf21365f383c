/**
 * measureTexts (nodes/Smsapi/send/recipientTexts.ts) keeps the sizes of the last text measured
 * without per-recipient values, for the thousands of items of a campaign that send the same text:
 * whatever came before, each request's sizes are the ones measured for it alone.
 */
import { measureTexts } from '../../nodes/Smsapi/send/recipientTexts';
import { parseSendParameters } from '../../nodes/Smsapi/send/request';
import { Random } from '../support/random';

const MESSAGES = ['Spring sale', 'Zażółć gęślą jaźń', 'Hi [%1%], your code', 'x'.repeat(170), '😀 offer', 'Spring sale '];

function requestOf(random: Random) {
	const params: Record<string, unknown> = {
		to: '48500100000,48500100001',
		message: random.pick(MESSAGES),
		normalize: random.bool(),
	};
	if (random.bool(0.3)) params.param1 = random.pick(['Ann|Bob', 'Żaneta|Łucja', `${'y'.repeat(120)}|z`]);
	return parseSendParameters(params as never);
}

/** The sizes of `request` measured right after another text: nothing kept from before applies. */
function alone(request: ReturnType<typeof requestOf>) {
	measureTexts(parseSendParameters({ to: '48500100000', message: 'another text entirely' } as never), false);
	return measureTexts(request, request.flags.normalize === true);
}

describe('measureTexts keeps the last text measured', () => {
	it('2,000 requests in random order: each gets the sizes measured for it alone', () => {
		const random = new Random(20_261_126);
		const requests = Array.from({ length: 40 }, () => requestOf(random));
		const expected = requests.map((request) => JSON.stringify(alone(request)));
		for (let i = 0; i < 2_000; i++) {
			const index = random.int(0, requests.length - 1);
			const request = requests[index];
			const sizes = measureTexts(request, request.flags.normalize === true);
			expect({ index, sizes: JSON.stringify(sizes) }).toEqual({ index, sizes: expected[index] });
		}
	});
});
