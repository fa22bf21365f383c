/**
 * Each recipient's outcome its own (issue 47, point 1): a refusal of a whole request that one
 * recipient's text or idx causes costs only that recipient. SMS → Send, MMS → Send and Voice Message
 * → Send run in n8n-core's ExecuteContext against the emulator (its account allows 6 parts, as the
 * seed's SMS settings; its check_idx refuses a whole request for one used idx): the other items get
 * their message ids, the refused one the service's reason, and the emulator's records show every
 * recipient at most once, under Continue On Fail, without it, under Retry On Fail and after a lost
 * answer repeated on the backup address (send/routing.ts).
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Emulator } from '../../emulator';
import { injectFault } from '../../e2e/sms/support';
import { emulatorCredentials, useEmulator } from '../support/emulator';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';
import { answer } from '../support/sms-do-check-idx';

useMockedNetwork();

let emulator: () => Emulator;
const number = (i: number) => `48500${String(i).padStart(6, '0')}`;
const people = (count: number) => Array.from({ length: count }, (_, i) => ({ to: number(i), name: `Name${i}`, order: `order-${i}` }));
const LONG_NAME = 'x'.repeat(1000);
/** Item 57 of 100 has a name that makes its text 7 parts: over the account's 6. */
const withOneLongName = () => people(100).map((person, i) => (i === 57 ? { ...person, name: LONG_NAME } : person));
const sms = (options: INodeParameters = {}, message = '=Hi {{ $json.name }}, your order is on its way.'): INodeParameters => ({
	resource: 'sms',
	operation: 'send',
	to: '={{ $json.to }}',
	message,
	options,
});

const run = (parameters: INodeParameters, items: IDataObject[], extra: { continueOnFail?: boolean; contextData?: IDataObject; typeVersion?: number } = {}) =>
	runNode({ parameters, items, typeVersion: 1.2, credentials: emulatorCredentials(emulator()), ...extra });

/** The emulator's messages per number (test sends aside). */
function sentPerNumber(emu: Emulator): Map<string, number> {
	const counts = new Map<string, number>();
	for (const message of emu.state.messages) counts.set(message.number, (counts.get(message.number) ?? 0) + 1);
	return counts;
}

/** Every item but `refused` has one message with an id; `refused` carries the service's error `code`. */
function expectOwnOutcomes(output: INodeExecutionData[], count: number, refused: number, code: number) {
	expect(output).toHaveLength(count);
	output.forEach((item, i) => {
		expect(item.pairedItem).toEqual({ item: i });
		if (i === refused) expect(String(item.json.error)).toContain(`error ${code}`);
		else expect(item.json).toMatchObject({ id: expect.stringMatching(/^\d{19}$/), number: number(i), status: 'QUEUE' });
	});
}

/** Numbers 0..count-1 but `refused` got exactly one message each; `refused` none. */
function expectSentOnce(emu: Emulator, count: number, refused: number) {
	const sent = sentPerNumber(emu);
	expect(sent.size).toBe(count - 1);
	for (let i = 0; i < count; i++) expect(sent.get(number(i))).toBe(i === refused ? undefined : 1);
}

/** Marks an idx as used at the service (a message sent with it within 24 hours). */
const useIdx = (emu: Emulator, idx: string) => emu.state.usedIdx.push({ idx, at: Math.floor(Date.now() / 1000), username: emu.state.account.username });

describe('each recipient\'s outcome its own, against the emulator', () => {
	emulator = useEmulator();

	describe("one recipient's text over the account's maximum of parts (error 12)", () => {
		it('100 templated recipients, one text of 7 parts: 99 message ids, one item with the reason', async () => {
			const output = await run(sms(), withOneLongName(), { continueOnFail: true });
			expectOwnOutcomes(output, 100, 57, 12);
			expect(String(output[57].json.error)).toMatch(/parts/);
			expectSentOnce(emulator(), 100, 57);
			// Every message sent is the text n8n rendered for its item.
			const texts = new Map(emulator().state.messages.map((message) => [message.number, message.text]));
			expect(texts.get(number(3))).toBe('Hi Name3, your order is on its way.');
		});

		it("the issue's four items: version 1.2 sends three and reports one, as version 1.1 does", async () => {
			const four = withOneLongName().slice(54, 58);
			for (const typeVersion of [1.1, 1.2]) {
				emulator().reset();
				const output = await run(sms(), four, { continueOnFail: true, typeVersion });
				expect(output.map((item) => (typeof item.json.id === 'string' ? 'sent' : 'refused'))).toEqual(['sent', 'sent', 'sent', 'refused']);
				expect(emulator().state.messages).toHaveLength(3);
			}
		});

		it('without Continue On Fail the run stops with the one item\'s reason and names what was sent', async () => {
			const error = await failure(run(sms(), withOneLongName()));
			expect(error.message).toMatch(/error 12/);
			expect(error.description).toMatch(/99 in all/);
			expectSentOnce(emulator(), 100, 57);
		});

		it('under Retry On Fail the second try sends nothing twice: the 99 are refused for their idx (accepted earlier)', async () => {
			const contextData: IDataObject = {};
			await failure(run(sms(), withOneLongName(), { contextData }));
			const second = await failure(run(sms(), withOneLongName(), { contextData }));
			expect(second.message).toMatch(/error 12/);
			expectSentOnce(emulator(), 100, 57);
		});

		it('a lost answer repeated on the backup address: refused for its idx, every recipient once', async () => {
			await injectFault(emulator(), { address: 'primary', endpoint: 'sms.do', mode: 'lost', times: 1 });
			const output = await run(sms(), withOneLongName(), { continueOnFail: true });
			expect(output).toHaveLength(100);
			expect(String(output[57].json.error)).toContain('error 12');
			const others = output.filter((_, i) => i !== 57);
			expect(others.every((item) => item.json.status === 'ACCEPTED' || item.json.status === 'QUEUE')).toBe(true);
			expectSentOnce(emulator(), 100, 57);
		});
	});

	describe('one used idx of the user\'s own with Check Idx (error 53)', () => {
		const idxOptions = { idx: '={{ $json.order }}', checkIdx: true };

		it('identical texts, 100 items in one batch: 99 message ids, the item with the used idx the reason', async () => {
			useIdx(emulator(), 'order-42');
			const output = await run(sms(idxOptions, 'Your order is on its way.'), people(100), { continueOnFail: true });
			expectOwnOutcomes(output, 100, 42, 53);
			expectSentOnce(emulator(), 100, 42);
		});

		it('templated texts: the same', async () => {
			useIdx(emulator(), 'order-7');
			const output = await run(sms(idxOptions), people(100), { continueOnFail: true });
			expectOwnOutcomes(output, 100, 7, 53);
			expectSentOnce(emulator(), 100, 7);
		});

		it('an MMS batch: the same', async () => {
			useIdx(emulator(), 'order-3');
			const mms = { resource: 'mms', operation: 'send', to: '={{ $json.to }}', subject: 'Ticket', contentType: 'picture', pictureUrl: 'https://example.com/t.jpg', options: idxOptions };
			const output = await run(mms, people(20), { continueOnFail: true });
			expectOwnOutcomes(output, 20, 3, 53);
			expectSentOnce(emulator(), 20, 3);
		});

		it('a voice batch: the same', async () => {
			useIdx(emulator(), 'order-11');
			const vms = { resource: 'vms', operation: 'send', to: '={{ $json.to }}', contentType: 'tts', tts: 'Your order is on its way.', options: idxOptions };
			const output = await run(vms, people(20), { continueOnFail: true });
			expectOwnOutcomes(output, 20, 11, 53);
			expectSentOnce(emulator(), 20, 11);
		});
	});
});

describe('under Retry On Fail, a request the first try sent again as parts (nock: a service with check_idx)', () => {
	/** sms.do that checks idx first (53), then refuses a template (76), any request to `blocked` (`code`), sends the rest. */
	function service(blocked: string, code: number) {
		const used = new Set<string>();
		return mockService().on('POST', '/sms.do', (request) => {
			const idx = request.body.idx.split('|');
			if (idx.some((value) => used.has(value))) return [200, { error: 53, message: 'Idx already used' }];
			if (request.body.param1 !== undefined) return [200, { error: 76, message: 'Invalid characters in parameters' }];
			if (request.body.to.split(',').includes(blocked)) return [200, { error: code, message: 'refused' }];
			return [200, answer(request, used)];
		});
	}
	const items = people(6);

	it('a template refused (76), its own texts sent but one refused: the second try refuses that one again, reports the others accepted earlier', async () => {
		const sms = service(number(4), 103);
		const contextData: IDataObject = {};
		const parameters: INodeParameters = { resource: 'sms', operation: 'send', to: '={{ $json.to }}', message: '=Hi {{ $json.name }}!', options: {} };
		expect((await failure(runNode({ parameters, items, typeVersion: 1.2, contextData }))).message).toMatch(/error 103/);
		const first = sms.calls.length;
		const second = await failure(runNode({ parameters, items, typeVersion: 1.2, contextData }));
		expect(second.message).toMatch(/error 103/);
		// The template again (53: some of it went out), then the same own texts: each judged on its own.
		expect(sms.calls.slice(first).map((call) => call.body.param1 ?? call.body.message)).toEqual(['Name0|Name1|Name2|Name3|Name4|Name5', ...items.map((p) => `Hi ${p.name}!`)]);
	});

	it('one number refusing a batch (57): halves in the first try; the second try follows the same halves', async () => {
		const sms = service(number(4), 57);
		const contextData: IDataObject = {};
		const parameters: INodeParameters = { resource: 'sms', operation: 'send', to: '={{ $json.to }}', message: 'Your order is on its way.', options: {} };
		const first = await failure(runNode({ parameters, items, contextData, continueOnFail: false }));
		expect(first.message).toMatch(/error 57|refused/);
		const sent = (calls: typeof sms.calls) => calls.filter((call) => !call.body.to.includes(number(4))).map((call) => call.body.to);
		const firstCalls = sms.calls.length;
		expect(sent(sms.calls)).toEqual([[0, 1, 2].map(number).join(','), number(3), number(5)]);
		await failure(runNode({ parameters, items, contextData }));
		expect(sms.calls.slice(firstCalls).map((call) => call.body.to)).toEqual(sms.calls.slice(0, firstCalls).map((call) => call.body.to));
	});
});
