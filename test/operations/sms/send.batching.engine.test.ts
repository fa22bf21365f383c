/**
 * SMS → Send with 1,000 items in n8n's engine in-process (support/engine.ts) against the emulator (the
 * fixtures' Code node output, pinned): the number of sms.do requests, every output item answering its
 * own input item, and a failure of the primary never losing or doubling a message (repeat on the
 * backup with the same idx and check_idx=1; error 53 to the node's own generated idx read as accepted,
 * to a user's own idx reported as undecidable). Batching against a mocked service:
 * send.batching.test.ts.
 */
import type { INodeExecutionData } from 'n8n-workflow';
import { SMSAPI_CREDENTIAL_TYPE, smsapiTokenCredentialData } from '../../e2e/harness/smsapi';
import { GENERATED_IDX, injectFault, messages, responseOf, setCredits, smsDoRequests, type SmsDoRequest } from '../../e2e/sms/support';
import type { Emulator } from '../../emulator';
import { nodeError, nodeItems, pairedIndex } from '../../workflow/run-result';
import { useEngine } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

/** The credential's Request Timeout in these tests (the default is 30 s). */
const TIMEOUT_S = 5;

/** The numbers the Code node of the 1,000-item workflows gives item i. */
const phoneOf = (i: number) => String(48500100000 + i);
const PHONES = Array.from({ length: 1000 }, (_, i) => phoneOf(i));

/** Output item k answers input item k: paired with it and carrying its number. */
function expectPairedInOrder(items: INodeExecutionData[], phones: string[]) {
	expect(items).toHaveLength(phones.length);
	const wrong = items.filter((item, k) => pairedIndex(item) !== k || item.json.number !== phones[k]);
	expect(wrong.slice(0, 3)).toEqual([]);
}

/** Each number got exactly one message. */
async function expectOneMessageEach(emulator: Emulator, phones: string[]) {
	const sent = await messages(emulator);
	const counts = new Map<string, number>();
	for (const message of sent) counts.set(message.number, (counts.get(message.number) ?? 0) + 1);
	expect([...counts.values()].filter((count) => count !== 1)).toEqual([]);
	expect([...counts.keys()].sort()).toEqual([...phones].sort());
	return sent;
}

function expectSafe(request: SmsDoRequest, recipients: number) {
	expect(request.body.check_idx).toBe('1');
	const idx = request.body.idx.split('|');
	expect(idx).toHaveLength(recipients);
	expect(idx.filter((value) => !GENERATED_IDX.test(value))).toEqual([]);
	return idx;
}

describe("sms.send in n8n's engine against the emulator: 1,000 items, batching and failover", () => {
	const suite = useEngine({
		credentials: (emulator) => ({
			smsapiApi: { type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI', data: { ...smsapiTokenCredentialData(emulator), timeout: TIMEOUT_S } },
		}),
	});
	const emulator = () => suite.emulator();

	beforeEach(async () => {
		emulator().reset();
		await setCredits(emulator(), 100_000);
	});

	it('1,000 items with one message: one sms.do request with 1,000 numbers and 1,000 distinct idx; output item k answers input k', async () => {
		const run = await suite.run('sms-batch-same');
		const items = nodeItems(run, 'SMSAPI');

		const requests = await smsDoRequests(emulator());
		expect(requests).toHaveLength(1);
		expect(requests[0].body.to.split(',')).toEqual(PHONES);
		const idx = expectSafe(requests[0], 1000);
		expect(new Set(idx).size).toBe(1000);

		expectPairedInOrder(items, PHONES);
		expect(items.map((item) => item.json.idx)).toEqual(idx);
		await expectOneMessageEach(emulator(), PHONES);
	});

	it('1,000 personalised items (param1 differs): ten requests of 100 with aligned param1; every text filled in; output item k answers input k', async () => {
		const run = await suite.run('sms-batch-personalised');
		const items = nodeItems(run, 'SMSAPI');

		// Up to four requests are in flight at once (Max Parallel Requests): they may arrive in any order.
		const requests = (await smsDoRequests(emulator())).sort((a, b) => Number(a.body.to.split(',')[0]) - Number(b.body.to.split(',')[0]));
		expect(requests).toHaveLength(10);
		requests.forEach((request, r) => {
			const to = request.body.to.split(',');
			expect(to).toEqual(PHONES.slice(r * 100, r * 100 + 100));
			expect(request.body.param1.split('|')).toEqual(to.map((_, k) => `Customer ${r * 100 + k}`));
			expectSafe(request, 100);
		});

		expectPairedInOrder(items, PHONES);
		const sent = await expectOneMessageEach(emulator(), PHONES);
		const wrongText = sent.filter((m) => m.text !== `Hi Customer ${Number(m.number) - 48500100000}, your coupon is waiting.`);
		expect(wrongText).toEqual([]);
	});

	it('the primary answers 500 to the first of ten batched requests: that request is repeated on the backup with the same idx and check_idx=1; every number gets one message', async () => {
		await injectFault(emulator(), { address: 'primary', endpoint: 'sms.do', mode: '500', times: 1 });
		const run = await suite.run('sms-batch-personalised');
		const items = nodeItems(run, 'SMSAPI');

		// Requests go out in parallel: the first to arrive gets the 500, its repeat goes to the backup.
		const requests = await smsDoRequests(emulator());
		const lines = requests.map((r) => `${r.address} ${r.responseStatus}`);
		expect(lines[0]).toBe('primary 500');
		expect([...lines].sort()).toEqual(['backup 200', ...Array.from({ length: 9 }, () => 'primary 200'), 'primary 500']);
		const repeat = requests.find((r) => r.address === 'backup')!;
		expect(repeat.body).toEqual(requests[0].body);
		expectSafe(repeat, 100);

		expectPairedInOrder(items, PHONES);
		const sent = await expectOneMessageEach(emulator(), PHONES);
		const viaBackup = sent.filter((m) => m.address === 'backup').map((m) => m.number);
		expect(viaBackup).toEqual(requests[0].body.to.split(','));
	});

	it.each([
		{ mode: 'reset' as const, what: 'resets the connection', minWaitMs: 0 },
		// The transport waits for the credential's Request Timeout before it gives up on the primary.
		{ mode: 'hang' as const, what: `does not answer at all (past the credential's ${TIMEOUT_S} s request timeout)`, minWaitMs: TIMEOUT_S * 1000 },
	])(
		'the primary $what: the 1,000-number request is repeated once on the backup, same body and idx; nothing lost or doubled',
		async ({ mode, minWaitMs }) => {
			await injectFault(emulator(), { address: 'primary', endpoint: 'sms.do', mode, times: 1 });
			const started = Date.now();
			const run = await suite.run('sms-batch-same');
			expect(run.error).toBeUndefined();
			const waited = Date.now() - started;
			expect(waited).toBeGreaterThanOrEqual(minWaitMs);
			// The credential's timeout, not the 30 s default, decided when to go to the backup.
			expect(waited).toBeLessThan(25_000);
			const items = nodeItems(run, 'SMSAPI');

			const requests = await smsDoRequests(emulator());
			expect(requests.map((r) => `${r.address} ${r.responseStatus}`)).toEqual([`primary ${mode}`, 'backup 200']);
			expect(requests[1].body).toEqual(requests[0].body);
			expectSafe(requests[1], 1000);

			expectPairedInOrder(items, PHONES);
			expect(items.map((item) => item.json.idx)).toEqual(requests[1].body.idx.split('|'));
			const sent = await expectOneMessageEach(emulator(), PHONES);
			expect(sent.every((m) => m.address === 'backup')).toBe(true);
		},
		60_000,
	);

	it('the primary had accepted the 1,000-number request but its answer was lost: the backup answers 53 to the generated idx and the items are reported as accepted, with no second message', async () => {
		// 'lost': the primary processes the request (the messages are accepted and charged),
		// then resets the connection instead of answering.
		await injectFault(emulator(), { address: 'primary', endpoint: 'sms.do', mode: 'lost', times: 1 });
		const run = await suite.run('sms-batch-same');
		expect(run.error).toBeUndefined();
		const items = nodeItems(run, 'SMSAPI');

		const requests = await smsDoRequests(emulator());
		expect(requests.map((r) => `${r.address} ${r.responseStatus}`)).toEqual(['primary lost', 'backup 200']);
		const [primary, backup] = requests;
		expect(backup.body).toEqual(primary.body);
		const idx = expectSafe(primary, 1000);
		expect(responseOf(backup)).toMatchObject({ error: 53 });

		expect(items.map((item) => [pairedIndex(item), item.json])).toEqual(
			PHONES.map((number, k) => [k, { id: null, number, idx: idx[k], status: 'ACCEPTED', accepted_earlier: true }]),
		);
		const sent = await expectOneMessageEach(emulator(), PHONES);
		expect(sent.every((m) => m.address === 'primary')).toBe(true);
	});

	it("the user's own idx with Check Idx, the primary's answer lost: repeated once on the backup, which answers 53; the node cannot tell accepted from used before and fails saying so, nothing sent twice", async () => {
		// Own idx (order ids) go with check_idx=1 only when the user sets Check Idx; only then may
		// the node repeat the request. A 53 to an own idx may also mean "used by another request
		// in the last 24 hours", so it is not reported as accepted.
		const phones = Array.from({ length: 5 }, (_, i) => String(48500200000 + i));
		const orders = Array.from({ length: 5 }, (_, i) => `ord${7000 + i}`);
		await injectFault(emulator(), { address: 'primary', endpoint: 'sms.do', mode: 'lost', times: 1 });

		const run = await suite.run('sms-batch-own-idx');
		expect(run.status).toBe('error');

		const requests = await smsDoRequests(emulator());
		expect(requests.map((r) => `${r.address} ${r.responseStatus}`)).toEqual(['primary lost', 'backup 200']);
		const [primary, backup] = requests;
		expect(primary.body).toEqual({
			format: 'json',
			to: phones.join(','),
			message: 'Your order has shipped.',
			idx: orders.join('|'),
			check_idx: '1',
		});
		expect(backup.body).toEqual(primary.body);
		expect(responseOf(backup)).toMatchObject({ error: 53 });

		const error = nodeError(run, 'SMSAPI');
		expect(error.message).toMatch(/^SMSAPI error 53: /);
		expect(error.description).toMatch(/either the first attempt had been accepted .* or this idx had already been used/);
		expect(error.description).toMatch(/Nothing was sent twice/);
		await expectOneMessageEach(emulator(), phones);
	});

});
