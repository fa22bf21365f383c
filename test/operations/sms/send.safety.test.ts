/**
 * SMS → Send, safety: against a mocked service (nock, the sms.do of support/sms-do-check-idx.ts), for
 * what conformance and hardening changed:
 * - parts: 1 to 10, the account's own maximum decides when Max Parts is not set, and
 *   the service's error 12 in words;
 * - untrusted To and Message: a recipient limit per item, macros from expressions
 *   made inert;
 * - Allow Duplicates answered by idx (17.9); the list of sent messages in an error capped (17.14).
 * The idx values (check_idx, generated idx, error 53): send.idx.test.ts; Send to Group's message
 * made inert the same way: sendToGroup.test.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { failure, mockService, runNode, smsSend, useMockedNetwork } from '../support/run-node';
import { answer, service } from '../support/sms-do-check-idx';

useMockedNetwork();

const send = smsSend;

describe('parts', () => {
	it('8 parts without Max Parts go to the service (the account decides); Max Parts 10 is sent as max_parts=10', async () => {
		const sms = service();
		await runNode({ parameters: [send('48500000001', 'a'.repeat(1200)), send('48500000002', 'b'.repeat(1500), { maxParts: 10 })] });
		expect(sms.calls).toHaveLength(2);
		expect(sms.calls[0].body.max_parts).toBeUndefined();
		expect(sms.calls[1].body.max_parts).toBe('10');
	});

	it("the service's error 12 says how many parts the message needs and which limit refused it", async () => {
		mockService().on('POST', '/sms.do', () => [200, { error: 12, message: 'Too many parts' }]);
		const error = await failure(runNode({ parameters: send('48500000001', 'a'.repeat(1200)) }));
		expect(error.message).toMatch(/SMSAPI error 12: the message has more parts than allowed/);
		expect(error.message).toMatch(/set Max Parts \(max_parts, up to 10\)/);
		expect(error.description).toMatch(/needs 8 parts \(1200 characters, GSM-7\), more than the account's own maximum of parts/);
		expect(error.description).toMatch(/Set Max Parts to 8/);
	});
});

describe('untrusted To: a recipient limit per item', () => {
	const numbers = (count: number) => Array.from({ length: count }, (_, i) => String(48500000000 + i)).join(', ');

	it('101 numbers in one item: refused before anything is sent (default limit 100)', async () => {
		const sms = service();
		const error = await failure(runNode({ parameters: send(numbers(101), 'Hi') }));
		expect(error.message).toBe('To lists 101 recipients, more than the 100 allowed per item');
		expect(error.description).toMatch(/Max Recipients per Item/);
		expect(sms.calls).toHaveLength(0);
		await runNode({ parameters: send(numbers(100), 'Hi') });
		expect(sms.calls).toHaveLength(1);
	});

	it('the limit is an option; 0 turns it off; with Continue On Fail only the item over it fails', async () => {
		const sms = service();
		const output = await runNode({
			parameters: [send(numbers(6), 'A', { maxRecipientsPerItem: 5 }), send(numbers(3), 'A', { maxRecipientsPerItem: 5 })],
			continueOnFail: true,
		});
		expect(output[0].json.error).toMatch(/To lists 6 recipients, more than the 5 allowed/);
		expect(output.slice(1).map((item) => item.pairedItem)).toEqual([{ item: 1 }, { item: 1 }, { item: 1 }]);
		await runNode({ parameters: send(numbers(250), 'B', { maxRecipientsPerItem: 0 }) });
		expect(sms.calls.map((call) => call.body.to.split(',').length)).toEqual([3, 250]);
	});
});

describe('untrusted Message: macros from expressions made inert', () => {
	// The items the expressions read; n8n evaluates them per item.
	const customers = [
		{ phone: '48500000001', name: 'Anna [%goto:https://evil.example/x%]', code: '[%code%]' },
		{ phone: '48500000001', name: 'Jan', code: '' },
	];
	const send = (message: string, options: INodeParameters = {}): INodeParameters => smsSend('={{ $json.phone }}', message, options);

	it("keeps the typed short link and defuses the one in the customer's name", async () => {
		const sms = service();
		await runNode({
			parameters: send('=Hi {{ $json.name }}, track it: [%goto:https://shop.example/o/1%]', { neutralizeMacros: true, allowDuplicates: true }),
			items: customers,
		});
		const sent = sms.calls.map((call) => call.body.message);
		expect(sent).toEqual(
			expect.arrayContaining([
				'Hi Anna [ %goto:https://evil.example/x% ], track it: [%goto:https://shop.example/o/1%]',
				'Hi Jan, track it: [%goto:https://shop.example/o/1%]',
			]),
		);
	});

	it('Param 1–4 from expressions too; a value typed as fixed text stays as it is', async () => {
		const sms = service();
		await runNode({
			parameters: send('Hi [%1%], your code: [%2%] [%3%]', {
				neutralizeMacros: true,
				param1: '={{ $json.name }}',
				param2: '={{ $json.code }}',
				param3: '[%code%]',
			}),
			items: customers.slice(0, 1),
		});
		expect(sms.calls[0].body).toMatchObject({
			message: 'Hi [%1%], your code: [%2%] [%3%]',
			param1: 'Anna [ %goto:https://evil.example/x% ]',
			param2: '[ %code% ]',
			param3: '[%code%]',
		});
	});

	it('off (the default): the text goes as the expression gave it', async () => {
		const sms = service();
		await runNode({ parameters: send('=Hi {{ $json.name }}'), items: customers.slice(0, 1) });
		expect(sms.calls[0].body.message).toBe('Hi Anna [%goto:https://evil.example/x%]');
	});

	it('an expression the node cannot split as n8n does: the whole message counts as untrusted', async () => {
		const sms = service();
		await runNode({ parameters: send('=Hi \\{{ [%goto:https://shop.example%]', { neutralizeMacros: true }), items: customers.slice(0, 1) });
		// n8n leaves the escaping backslash in the text; the macro after it is defused all the same.
		expect(sms.calls[0].body.message).toBe('Hi \\{{ [ %goto:https://shop.example% ]');
	});
});

describe('Allow Duplicates: each message is matched to its recipient by idx', () => {
	it('the same number twice with different params: the answer in another order still reaches the right item', async () => {
		const sms = service({ reverse: true });
		const output = await runNode({
			parameters: [
				send('48500000001', 'Hi [%1%]', { allowDuplicates: true, param1: 'first' }),
				send('48500000001', 'Hi [%1%]', { allowDuplicates: true, param1: 'second' }),
			],
		});
		expect(output).toHaveLength(2);
		const [first, second] = output;
		expect(first.pairedItem).toEqual({ item: 0 });
		expect(second.pairedItem).toEqual({ item: 1 });
		// One request; the service listed the second recipient first.
		expect(sms.calls).toHaveLength(1);
		const idx = sms.calls[0].body.idx.split('|');
		expect([first.json.idx, second.json.idx]).toEqual(idx);
		expect(BigInt(String(first.json.id))).toBeLessThan(BigInt(String(second.json.id)));
	});
});

describe('an error after a large run lists a few sent messages and counts the rest', () => {
	it('59 messages sent, then not enough credits: 20 named, 39 counted', async () => {
		let calls = 0;
		mockService().on('POST', '/sms.do', (request) => {
			calls++;
			if (calls === 60) return [200, { error: 103, message: 'Not enough points' }];
			return [200, answer(request, new Set())];
		});
		const parameters = Array.from({ length: 60 }, (_, i) => send(String(48500000000 + i), 'A', { batching: false }));
		const error = await failure(runNode({ parameters }));
		expect(error.message).toMatch(/103/);
		expect(error.description).toMatch(/Messages already sent in this run: item 0 → 48500000000/);
		expect(error.description).toMatch(/item 19 → 48500000019/);
		expect(error.description).not.toMatch(/item 20 →/);
		expect(error.description).toMatch(/and 39 more \(59 in all/);
	});
});
