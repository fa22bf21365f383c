/**
 * The SMSAPI Trigger in real n8n: callers it refuses (without the secret or with a wrong one, outside
 * the IP allowlist, another account's username) start nothing.
 */
import { E2E_TEST_TIMEOUT_MS } from '../harness';
import { call, dlr, dlrQuery } from './support/callbacks';
import { expectNoNewExecutions, triggerItems, waitForNewExecutions } from './support/executions';
import { callbackUrlOf, triggerUrl } from './support/workflows';
import { type TriggerSuite } from './suite';

export function registerRefusalTests(ctx: TriggerSuite): void {
	const { triggers } = ctx;

	it(
		'a callback without the secret or with a wrong one is refused with 403 and starts nothing (the report is not remembered)',
		async () => {
			const { n8n } = ctx;
			const report = dlr();
			let before = await n8n.lastExecutionId();
			const bare = await call(triggerUrl(n8n, triggers.dlr), { query: dlrQuery([report]) });
			const wrong = await call(triggerUrl(n8n, triggers.dlr), { query: { secret: `${triggers.dlr.secret}x`, ...dlrQuery([report]) } });
			// The secret as path segment: a wrong one finds no webhook at all.
			const wrongPath = await call(n8n.webhookUrl(`${triggers.dlr.webhookId}/dlr/${triggers.dlr.secret}x`), { query: dlrQuery([report]) });
			expect(bare).toEqual({ status: 403, body: 'Forbidden' });
			expect(wrong).toEqual({ status: 403, body: 'Forbidden' });
			expect(wrongPath.status).toBe(404);
			before = await expectNoNewExecutions(n8n, before, triggers.dlr);

			// The refused report was not taken as seen: with the secret it starts the workflow.
			const since = Date.now();
			expect(await call(callbackUrlOf(n8n, triggers.dlr), { query: dlrQuery([report]) })).toEqual({ status: 200, body: 'OK' });
			const [execution] = await waitForNewExecutions(n8n, before, 1, { since });
			expect(triggerItems(execution)).toEqual([expect.objectContaining({ MsgId: report.MsgId })]);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'a callback from an address outside the IP allowlist (10.11.12.13/32) is refused with 403 and starts nothing',
		async () => {
			const { n8n } = ctx;
			const before = await n8n.lastExecutionId();
			const answer = await call(callbackUrlOf(n8n, triggers['dlr-foreign-ip']), { query: dlrQuery([dlr()]) });
			expect(answer).toEqual({ status: 403, body: 'Forbidden' });
			await expectNoNewExecutions(n8n, before, triggers.dlr);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'with usernames = demo, a callback for someone_else is refused with 403 and starts nothing; ' +
			'one for demo from loopback (allowlisted) passes',
		async () => {
			const { n8n } = ctx;
			const url = callbackUrlOf(n8n, triggers['dlr-guarded']);
			let before = await n8n.lastExecutionId();
			expect(await call(url, { query: dlrQuery([dlr({ username: 'someone_else' })]) })).toEqual({ status: 403, body: 'Forbidden' });
			before = await expectNoNewExecutions(n8n, before, triggers.dlr);

			const report = dlr({ username: 'demo' });
			const since = Date.now();
			expect(await call(url, { query: dlrQuery([report]) })).toEqual({ status: 200, body: 'OK' });
			const [execution] = await waitForNewExecutions(n8n, before, 1, { since });
			expect(execution.workflowId).toBe(triggers['dlr-guarded'].id);
			expect(triggerItems(execution)).toEqual([expect.objectContaining({ MsgId: report.MsgId, username: 'demo' })]);
		},
		E2E_TEST_TIMEOUT_MS,
	);

}
