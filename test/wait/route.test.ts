/**
 * The one place that decides which wait a call of a waiting execution is for
 * (nodes/Smsapi/wait/route.ts, used by the node's `webhook()`): the waiting node's operation. A
 * node of any other operation answers 404 and resumes nothing; the delivery and approval webhooks
 * are reached only for their own operation (their tests: test/delivery/, test/approval/).
 */
import { useMockedNetwork } from '../operations/support/run-node';
import { approvalParameters, callAnswer, startWaiting } from '../approval/support/approval-calls';

useMockedNetwork();

it.each(['send', 'sendToGroup', '', 'constructor', '__proto__'])('operation %j: 404, nothing resumed', async (operation) => {
	const waiting = await startWaiting(approvalParameters(), `exec-route-${operation}`);
	const node = { ...waiting.node, parameters: { ...waiting.node.parameters, operation } };
	for (const method of ['GET', 'POST'] as const) {
		const result = await callAnswer(waiting, { node, method, body: { answer: 'approve' } });
		expect(result.response.statusCode).toBe(404);
		expect(result.response.body).toBe('Not Found');
		expect(result.resumed).toBeUndefined();
	}
});

it('the approval node: its own webhook (the opening page)', async () => {
	const waiting = await startWaiting(approvalParameters(), 'exec-route-approval');
	expect((await callAnswer(waiting)).html).toContain('<form id="open"');
});
