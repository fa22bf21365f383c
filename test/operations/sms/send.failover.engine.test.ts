/**
 * SMS → Send in n8n's engine in-process (support/engine.ts) against the emulator, with n8n's own Retry
 * On Fail after the outcome was lost: the retry repeats the same idx and is refused (53), reported
 * accepted; whose text changed, it fails saying the EARLIER text may have gone out (the
 * `sms-send-retry` fixture). Failover against a mocked service: send.failover.test.ts.
 */
import type { INode } from 'n8n-workflow';
import { injectFault, messages, responseOf, smsDoRequests } from '../../e2e/sms/support';
import { nodeError, nodeItems, pairedIndex } from '../../workflow/run-result';
import { useEngine } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe("sms.send in n8n's engine against the emulator: n8n's Retry On Fail after the outcome was lost", () => {
	const suite = useEngine();
	const emulator = () => suite.emulator();

	it("n8n's Retry On Fail after the outcome was lost: the retry repeats the same idx, the service answers 53, each number got one message", async () => {
		// Every attempt of the node's first try is processed by the service but its answer is
		// lost (the transport gives up: outcome unknown). n8n then runs the node again.
		await injectFault(emulator(), { address: 'primary', endpoint: 'sms.do', mode: 'lost', times: 2 });
		await injectFault(emulator(), { address: 'backup', endpoint: 'sms.do', mode: 'lost', times: 2 });
		const run = await suite.run('sms-send-retry');
		expect(run.error).toBeUndefined();
		const items = nodeItems(run, 'SMSAPI');

		const requests = await smsDoRequests(emulator());
		const lost = requests.filter((r) => r.responseStatus === 'lost');
		expect(lost.length).toBeGreaterThanOrEqual(2);
		const last = requests[requests.length - 1];
		expect(responseOf(last)).toMatchObject({ error: 53 });
		// Every attempt, the retry's included, carried the same two idx values.
		expect(new Set(requests.map((r) => r.body.idx)).size).toBe(1);
		expect(requests[0].body.idx).toMatch(/^[0-9a-f]{32}\|[0-9a-f]{32}$/);

		const sent = await messages(emulator());
		expect(sent.map((m) => m.number).sort()).toEqual(['48500300001', '48500300002']);
		const idx = requests[0].body.idx.split('|');
		expect(items.map((item) => [pairedIndex(item), item.json])).toEqual([
			[0, { id: null, number: '48500300001', idx: idx[0], status: 'ACCEPTED', accepted_earlier: true }],
			[0, { id: null, number: '48500300002', idx: idx[1], status: 'ACCEPTED', accepted_earlier: true }],
		]);
	});

	it("n8n's Retry On Fail whose text changed between tries (issue 29, finding 7): the retry is refused (53) and the node fails saying the EARLIER text may have gone out, never 'accepted'", async () => {
		// As above, every attempt of the first try is processed but its answer lost; the message is
		// an expression that gives another text at each try.
		await injectFault(emulator(), { address: 'primary', endpoint: 'sms.do', mode: 'lost', times: 2 });
		await injectFault(emulator(), { address: 'backup', endpoint: 'sms.do', mode: 'lost', times: 2 });
		const workflow = suite.fixture('sms-send-retry');
		const smsapi = (workflow.nodes as INode[]).find((node) => node.name === 'SMSAPI')!;
		smsapi.parameters = { ...smsapi.parameters, message: "={{ 'Your code: ' + Math.random().toString(36).slice(2, 10) }}" };
		const run = await suite.n8n().run(workflow);

		const error = nodeError(run, 'SMSAPI');
		expect(error.message).toBe('SMSAPI error 53: an earlier try of this node sent these messages with other content, which may have gone out');
		expect(error.description).toMatch(/the EARLIER content may have gone out to these numbers, and this try's content was not sent/);
		const requests = await smsDoRequests(emulator());
		const texts = new Set(requests.map((r) => r.body.message));
		expect(texts.size).toBe(2);
		expect(new Set(requests.map((r) => r.body.idx)).size).toBe(1);
		expect(responseOf(requests[requests.length - 1])).toMatchObject({ error: 53 });
		// Each number got one message: the first try's text.
		const sent = await messages(emulator());
		expect(sent.map((m) => m.number).sort()).toEqual(['48500300001', '48500300002']);
		expect(new Set(sent.map((m) => m.text))).toEqual(new Set([requests[0].body.message]));
	});
});
