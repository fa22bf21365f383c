/**
 * How each send of a run travels (send/routing.ts): which sends go as the template with values and
 * which as their own texts, templated texts grouped by their parts, the service's encoding of a
 * template as recorded (SERVICE_ENCODING), and what sends a refused request again without its
 * cause: own texts for a template's values, halves for one recipient's idx or number, within a
 * budget. Through the node: test/operations/sms/send.personalised.test.ts and send.ownOutcome.test.ts.
 */
import { Pacer } from '../../nodes/Smsapi/helpers/pacer';
import { RequestPlanner, type PlannedSend, type ServiceRequest } from '../../nodes/Smsapi/send/batching';
import { textTemplate } from '../../nodes/Smsapi/send/personalise';
import { parseSendParameters } from '../../nodes/Smsapi/send/request';
import { Routes, SERVICE_ENCODING, halvingBudget, sendAsTemplate } from '../../nodes/Smsapi/send/routing';
import { toWire } from '../../nodes/Smsapi/send/wire';

describe('sendAsTemplate', () => {
	const template = textTemplate('=Hi {{ $json.name }}!')!;
	const send = (itemIndex: number, message: string, extra: Record<string, string> = {}): PlannedSend => {
		const request = parseSendParameters({ to: `4850000${String(itemIndex).padStart(4, '0')}`, message, idx: `i${itemIndex}`, ...extra });
		return { itemIndex, request, wire: toWire(request) };
	};

	it('rewrites the sends that can go as the template; keeps the others and their originals', async () => {
		const sends = [send(0, 'Hi Ann!'), send(1, 'Hi Bob!'), send(2, 'Hi !'), send(3, 'Hi a|b!'), send(4, 'Hi [%1%]!'), send(5, 'Hi Żaneta!'), send(6, 'Hi Cy!', { details: '1' })];
		const before = [...sends];
		const originals = (await sendAsTemplate(sends, template, new Pacer()));
		expect([...originals.keys()]).toEqual([0, 1]);
		expect(sends[0].wire).toMatchObject({ message: 'Hi [%1%]!', param1: 'Ann', idx: 'i0', to: '48500000000' });
		expect(sends[1].wire).toMatchObject({ message: 'Hi [%1%]!', param1: 'Bob' });
		// Unicode value, GSM template: as it is. Empty, separator, a macro, Details: as they are.
		for (const i of [2, 3, 4, 5, 6]) expect(sends[i]).toBe(before[i]);
		expect(originals.get(0)).toBe(before[0]);
	});

	it('a template whose fixed text needs Unicode takes Unicode values too', async () => {
		const sends = [send(0, 'Cześć Żaneta!'), send(1, 'Cześć Ann!'), send(2, 'Cześć Bob!')];
		expect((await sendAsTemplate(sends, textTemplate('=Cześć {{ $json.name }}!')!, new Pacer())).size).toBe(3);
	});

	it('with Normalize on, only values that normalizing leaves as they are', async () => {
		const sends = [send(0, 'Hi Ann!', { normalize: '1' }), send(1, 'Hi Łucja!', { normalize: '1' }), send(2, 'Hi Bob!', { normalize: '1' })];
		expect([...(await sendAsTemplate(sends, template, new Pacer())).keys()]).toEqual([0, 2]);
	});

	it('nothing when it would not save requests (the texts are the same)', async () => {
		const sends = [send(0, 'Hi Ann!'), send(1, 'Hi Ann!'), send(2, 'Hi Ann!')];
		expect((await sendAsTemplate(sends, template, new Pacer())).size).toBe(0);
	});

	it('several numbers in one item: the value once per recipient', async () => {
		const request = parseSendParameters({ to: '48500000001,48500000002', message: 'Hi Ann!', idx: 'a|b' });
		const sends: PlannedSend[] = [{ itemIndex: 0, request, wire: toWire(request) }, send(1, 'Hi Bob!')];
		await sendAsTemplate(sends, template, new Pacer());
		expect(sends[0].wire).toMatchObject({ param1: 'Ann|Ann', idx: 'a|b' });
	});

	it("not with the user's own Param 1–4 or a stored template", async () => {
		const sends = [send(0, 'Hi Ann!', { param1: 'x' }), send(1, 'Hi Bob!', { template: 't' }), send(2, 'Hi Cy!'), send(3, 'Hi Di!')];
		expect([...(await sendAsTemplate(sends, template, new Pacer())).keys()]).toEqual([2, 3]);
	});
});

describe('templated texts are grouped by their parts', () => {
	const template = textTemplate('=Hi {{ $json.name }}!')!;
	const send = (itemIndex: number, name: string): PlannedSend => {
		const request = parseSendParameters({ to: `4850000${String(itemIndex).padStart(4, '0')}`, message: `Hi ${name}!`, idx: `i${itemIndex}` });
		return { itemIndex, request, wire: toWire(request) };
	};

	it('each templated send carries its parts; the planner puts only texts of as many parts in a request', async () => {
		const sends = [send(0, 'Ann'), send(1, 'x'.repeat(200)), send(2, 'Bob'), send(3, 'y'.repeat(200)), send(4, 'z'.repeat(1000))];
		await sendAsTemplate(sends, template, new Pacer());
		expect(sends.map((s) => s.parts)).toEqual([1, 2, 1, 2, 7]);
		const planner = new RequestPlanner();
		for (const s of sends) planner.add(s);
		expect(planner.requests().map((r) => r.members.map((m) => m.itemIndex))).toEqual([[0, 2], [1, 3], [4]]);
	});

	it('not worth it when the groups would need as many requests as the texts', async () => {
		const sends = [send(0, 'Ann'), send(1, 'x'.repeat(200))];
		expect((await sendAsTemplate(sends, template, new Pacer())).size).toBe(0);
	});
});

describe('the service\'s encoding of a template (SERVICE_ENCODING)', () => {
	const template = textTemplate('=Dzien dobry {{ $json.name }}!')!;
	const sends = () =>
		['Anna', 'Łucja', 'Ewa', 'Żaneta'].map((name, i): PlannedSend => {
			const request = parseSendParameters({ to: `4850000000${i}`, message: `Dzien dobry ${name}!`, idx: `i${i}` });
			return { itemIndex: i, request, wire: toWire(request) };
		});

	it('unknown (the recorded default): a text that needs Unicode under a plain template goes as its own text', async () => {
		expect(SERVICE_ENCODING.byExpandedText).toBe(false);
		expect([...(await sendAsTemplate(sends(), template, new Pacer())).keys()]).toEqual([0, 2]);
	});

	it('by the expanded text: those texts go as the template too (grouped by their parts)', async () => {
		const replaced = jest.replaceProperty(SERVICE_ENCODING, 'byExpandedText', true);
		try {
			const all = sends();
			expect([...(await sendAsTemplate(all, template, new Pacer())).keys()]).toEqual([0, 1, 2, 3]);
			expect(all.map((s) => s.wire.param1)).toEqual(['Anna', 'Łucja', 'Ewa', 'Żaneta']);
		} finally {
			replaced.restore();
		}
	});
});

describe('Routes.again: a refused request sent again without its cause', () => {
	/** A request of `count` items, item i with `sizes[i]` recipients, idx and param1 per recipient. */
	const request = (sizes: number[]): ServiceRequest => {
		const planner = new RequestPlanner({ maxPersonalised: 1000 });
		let n = 0;
		sizes.forEach((size, itemIndex) => {
			const numbers = Array.from({ length: size }, () => `48500${String(n++).padStart(6, '0')}`);
			const r = parseSendParameters({ to: numbers.join(','), message: 'Hi [%1%]', idx: numbers.map((x) => `i${x}`).join('|'), param1: numbers.map((x) => `v${x}`).join('|'), from: 'MyShop' });
			planner.add({ itemIndex, request: r, wire: toWire(r) });
		});
		const [only] = planner.requests();
		return only;
	};
	const routes = new Routes([], new Map());

	it('one recipient\'s idx or number (53 to idx of the user\'s own, 52, 57, 59, 112): two halves of its items, each in wire form', () => {
		const whole = request([1, 3, 1, 2, 1]);
		for (const code of [52, 53, 57, 59, 112]) {
			const halves = routes.again(whole, code, { generated: false, budget: halvingBudget(whole) })!;
			expect(halves.map((h) => h.members.map((m) => m.itemIndex))).toEqual([[0, 1, 2], [3, 4]]);
			expect(halves.map((h) => h.recipients)).toEqual([5, 3]);
			for (const key of ['to', 'idx', 'param1'] as const) {
				const sep = key === 'to' ? ',' : '|';
				expect(halves.map((h) => h.params[key]).join(sep)).toBe(whole.params[key]);
			}
			expect(halves[1].params).toMatchObject({ message: 'Hi [%1%]', from: 'MyShop' });
			expect(halves[1].params.to.split(',')).toEqual(halves[1].members.flatMap((m) => m.numbers));
		}
	});

	it('not for 53 to idx values the node generated (idx/idxRefusal.ts judges them), nor a request of one item, nor other refusals', () => {
		const whole = request([1, 1, 1]);
		expect(routes.again(whole, 53, { generated: true, budget: halvingBudget(whole) })).toBeUndefined();
		expect(routes.again(request([4]), 57, { generated: false, budget: { left: 10 } })).toBeUndefined();
		for (const code of [11, 12, 13, 14, 103, 202]) expect(routes.again(whole, code, { generated: false, budget: halvingBudget(whole) })).toBeUndefined();
	});

	it('within its budget: 4 × ⌈log2 items⌉ + 4 requests, two for each halving', () => {
		const whole = request(Array.from({ length: 100 }, () => 1));
		const budget = halvingBudget(whole);
		expect(budget.left).toBe(32);
		let halvings = 0;
		while (routes.again(whole, 57, { generated: false, budget })) halvings++;
		expect(halvings).toBe(16);
	});

	it('a template\'s values refused (18, 76, 94): its items with their own texts; identical texts share a request', () => {
		const original = (itemIndex: number, message: string): PlannedSend => {
			const r = parseSendParameters({ to: `4850000000${itemIndex}`, message, idx: `i${itemIndex}` });
			return { itemIndex, request: r, wire: toWire(r) };
		};
		const originals = new Map([0, 1, 2].map((i) => [i, original(i, i === 2 ? 'Hi Ann' : `Hi ${['Ann', 'Bob'][i]}`)]));
		const templated = new RequestPlanner();
		for (const [i, name] of ['Ann', 'Bob', 'Ann'].entries()) {
			const r = parseSendParameters({ to: `4850000000${i}`, message: 'Hi [%1%]', param1: name, idx: `i${i}` });
			templated.add({ itemIndex: i, request: r, wire: toWire(r) });
		}
		const [whole] = templated.requests();
		for (const code of [18, 76, 94]) {
			const again = new Routes([], originals).again(whole, code, { generated: true, budget: halvingBudget(whole) })!;
			expect(again.map((r) => [r.params.message, r.params.to, r.params.idx])).toEqual([
				['Hi Ann', '48500000000,48500000002', 'i0|i2'],
				['Hi Bob', '48500000001', 'i1'],
			]);
		}
		// A request not made of templated sends goes as it is.
		expect(routes.again(whole, 76, { generated: true, budget: halvingBudget(whole) })).toBeUndefined();
	});
});
