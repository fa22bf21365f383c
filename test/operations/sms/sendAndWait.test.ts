/**
 * SMS → Send and Wait for Approval at the operations level (n8n-core's ExecuteContext, nock): what it
 * refuses before anything is sent, the SMS it sends (the message, then the answer link on a new
 * line: n8n's signed resume address at the node, shortened through the service by default to an
 * https address that expires, with the check as the link's fragment, never in what the service
 * keeps; the checks count the parts of that text), and what it leaves for n8n to pass on at the
 * time limit. The answer link's webhook: test/approval/answerWebhook.test.ts; real n8n:
 * test/e2e/approval.test.ts.
 */
import { createHash, createHmac } from 'node:crypto';

import type { INodeParameters } from 'n8n-workflow';

import { Smsapi } from '../../../nodes/Smsapi/Smsapi.node';
import { DEFAULT_EXPIRY_DAYS } from '../../../nodes/Smsapi/approval/shortLink';
import { approvalParameters, approvalService, SIGNING_SECRET, startWaiting } from '../../approval/support/approval-calls';
import { executeContext, smsapiNode } from '../../support/n8n-context';
import { failure, mockService, nodeContext, operationCredentials, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const NODE_PATH = '/webhook-waiting/exec-7/6a1f4c3e-0000-4000-8000-00000000a001';

/** The node under another type name, as n8n runs it as an AI tool (`…Tool`) or a Human review tool (`…HitlTool`). */
function typedContext(parameters: INodeParameters, type: string) {
	return executeContext({ node: smsapiNode(parameters, { type, typeVersion: 1.1 }), nodeType: new Smsapi(), credentials: operationCredentials(), executionId: 'exec-7' });
}

describe('refused before anything is sent', () => {
	const refused = async (parameters: INodeParameters | INodeParameters[], pattern: RegExp, nodeType?: string) => {
		const service = approvalService();
		const context = nodeType ? typedContext(parameters as INodeParameters, nodeType) : nodeContext({ parameters, typeVersion: 1.1 });
		const error = await failure(new Smsapi().execute.call(context));
		expect(error.message).toMatch(pattern);
		expect(error.description).toMatch(/^Nothing was sent\./);
		expect(service.calls).toHaveLength(0);
	};

	it('more than one item', () => refused([approvalParameters(), approvalParameters({ to: '48500000002' })], /takes one item; it got 2/));
	it('more than one number in To', () => refused(approvalParameters({ to: '48500000001, 48500000002' }), /sends to one number; To has 2/));
	it('an empty message', () => refused(approvalParameters({ message: '  ' }), /Message is empty/));
	it('a Custom Form without fields, or with a dropdown without choices', async () => {
		await refused(approvalParameters({ responseType: 'customForm', formFields: { values: [] } }), /the form has no fields/);
		await refused(approvalParameters({ responseType: 'customForm', formFields: { values: [{ fieldLabel: 'Why', fieldType: 'dropdown', fieldOptions: { values: [] } }] } }), /the dropdown "Why" has no options/);
		await refused(approvalParameters({ responseType: 'customForm', formFields: { values: [{ fieldLabel: 'Why' }, { fieldLabel: ' Why ' }] } }), /two fields are labelled "Why"/);
	});
	it('a time limit that is not positive, or a date in the past', async () => {
		await refused(approvalParameters({ options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 0, resumeUnit: 'minutes' } } } }), /positive number/);
		await refused(approvalParameters({ options: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: '2020-01-01T00:00:00Z' } } } }), /in the future/);
	});
	it('as an ordinary AI tool (an agent cannot wait for its tool); its Human review tool may', () =>
		refused(approvalParameters(), /cannot run as an AI Agent tool/, 'n8n-nodes-smsapi-plus.smsapiTool'));
	it('a message that does not fit Max Parts with its link', () =>
		refused(approvalParameters({ message: 'x'.repeat(150), options: { maxParts: 1 } }), /needs 2 parts/));
});

describe('the SMS and the wait', () => {
	it('sends once: the message, then the short link of the answer link on a new line; waits without a limit by default, leaving the timed-out item as its input', async () => {
		const waiting = await startWaiting();
		const [short, sms] = waiting.requests;
		expect(short.path).toBe('/short_url/links');
		expect(sms.path).toBe('/sms.do');
		// The service's http short address goes out as https, the check as its fragment.
		const { check } = waiting;
		expect(check).toMatch(/^[A-Za-z0-9_-]{22}$/);
		expect(sms.body).toMatchObject({ to: '48500000001', message: `Refund 120 EUR to order 1024?\nhttps://idz.do/ab12x#${check}`, check_idx: '1' });
		// Without a limit the short link expires after 30 days.
		expect(short.body).toMatchObject({ expire_time: String(DEFAULT_EXPIRY_DAYS * 86_400), expire_unit: 'seconds' });
		expect(DEFAULT_EXPIRY_DAYS).toBe(30);

		// The short link's target: n8n's signed resume address at the node (n8n-core's getSignedResumeUrl), without the check.
		expect(waiting.link.origin + waiting.link.pathname).toBe(`https://n8n.example.com${NODE_PATH}`);
		expect([...waiting.link.searchParams.keys()]).toEqual(['signature']);
		expect(waiting.link.hash).toBe('');
		const signature = createHmac('sha256', SIGNING_SECRET).update(waiting.link.pathname).digest('hex');
		expect(waiting.link.searchParams.get('signature')).toBe(signature);
		expect(JSON.stringify(waiting.requests.filter((request) => request.path !== '/sms.do'))).not.toContain(check);

		expect(waiting.waitTill.toISOString()).toBe('3000-01-01T00:00:00.000Z');
		expect(waiting.item).toEqual({
			json: {
				data: {},
				timedOut: true,
				waitUntil: null,
				to: '48500000001',
				sms: expect.objectContaining({ id: 'msg-1', number: '48500000001', idx: sms.body.idx }),
				question: expect.objectContaining({ responseType: 'approval', message: 'Refund 120 EUR to order 1024?', approveLabel: 'Approve' }),
				answerCheckSha256: createHash('sha256').update(check).digest('hex'),
				shortLinkId: '101',
			},
			pairedItem: { item: 0 },
		});
		expect(waiting.item.json.question).not.toHaveProperty('declineLabel');
		// The execution's data keeps only the check's hash.
		expect(JSON.stringify(waiting.item)).not.toContain(check);
	});

	it('a new check for every send: a second ask of the same node in the same execution gets a link of its own', async () => {
		const first = await startWaiting();
		const second = await startWaiting();
		expect(first.link.href).toBe(second.link.href);
		expect(first.check).not.toBe(second.check);
	});

	it("an n8n without getSignedResumeUrl (before n8n signed resume addresses): the execution's resume address at the node, with the check as its fragment", async () => {
		const service = approvalService();
		const context = nodeContext({ parameters: approvalParameters({ options: { shortLink: false } }), typeVersion: 1.1, executionId: 'exec-7' });
		Object.assign(context, { getSignedResumeUrl: undefined });
		context.putExecutionToWait = async () => undefined;
		await new Smsapi().execute.call(context);
		const text = service.calls[0].body.message;
		const link = new URL(text.slice(text.indexOf('\n') + 1));
		expect(link.origin + link.pathname).toBe(`https://n8n.example.com${NODE_PATH}`);
		expect(link.search).toBe('');
		expect(link.hash).toMatch(/^#[A-Za-z0-9_-]{22}$/);
	});

	it('Limit Wait Time: waits until then; the short link expires an hour after it', async () => {
		const started = Date.now();
		const waiting = await startWaiting(approvalParameters({ options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 2, resumeUnit: 'hours' } } } }));
		expect(waiting.waitTill.getTime()).toBeGreaterThanOrEqual(started + 7_200_000);
		expect(waiting.waitTill.getTime()).toBeLessThan(Date.now() + 7_200_000 + 1000);
		expect(waiting.item.json.waitUntil).toBe(waiting.waitTill.toISOString());
		expect(Number(waiting.requests[0].body.expire_time)).toBeGreaterThan(7_200 + 3_590);
		expect(waiting.requests[0].body.expire_unit).toBe('seconds');
	});

	it('Shorten Link off: the long link itself, and the checks count its parts (GSM-7: 153 characters a part)', async () => {
		const waiting = await startWaiting(approvalParameters({ options: { shortLink: false } }));
		expect(waiting.requests.map((request) => request.path)).toEqual(['/sms.do']);
		expect(waiting.requests[0].body.message).toBe(`Refund 120 EUR to order 1024?\n${waiting.link.href}#${waiting.check}`);
		// 306 characters fit in 2 parts; a message one longer than that with its link takes 3.
		const message = 'x'.repeat(2 * 153 - 1 - waiting.smsLink.length + 1);
		const error = await failure(runNode({ parameters: approvalParameters({ message, options: { shortLink: false, maxParts: 2 } }), typeVersion: 1.1, executionId: 'exec-7' }));
		expect(error.message).toMatch(/is 307 characters \(GSM-7\) and needs 3 parts, more than the 2 Max Parts allows/);
	});

	it("service macros in the message are made inert (an agent's tool parameters may hold any text); the link is not touched", async () => {
		const waiting = await startWaiting(approvalParameters({ message: 'Send [%goto:https://evil.example%] and [%code%]?' }));
		expect(waiting.requests[1].body.message).toBe(`Send [ %goto:https://evil.example% ] and [ %code% ]?\nhttps://idz.do/ab12x#${waiting.check}`);
	});

	it('the short link refused (a login without a token): nothing sent, the error says how to go on', async () => {
		const service = mockService()
			.on('POST', '/short_url/links', () => [401, { message: 'Authorization failed', error: 'authorization_failed', code: 401 }])
			.on('POST', '/sms.do', () => [500, 'must not be called']);
		const error = await failure(runNode({ parameters: approvalParameters(), typeVersion: 1.1 }));
		expect(error.description).toMatch(/could not be made, so nothing was sent\. Turn Shorten Link off/);
		expect(service.calls.map((request) => request.path)).toEqual(['/short_url/links']);
	});

	it.each([
		['no short address', { id: '7' }],
		['an address that is not http(s)', { id: '7', short_url: 'ftp://idz.do/ab12x' }],
		['an address with a fragment of its own', { id: '7', short_url: 'https://idz.do/ab12x#x' }],
		['no id to delete the link by', { short_url: 'https://idz.do/ab12x' }],
	])('the service answers the short link with %s: nothing sent, the error says how to go on', async (_why, answer) => {
		const service = mockService()
			.on('POST', '/short_url/links', () => [201, answer])
			.on('POST', '/sms.do', () => [500, 'must not be called']);
		const error = await failure(runNode({ parameters: approvalParameters(), typeVersion: 1.1 }));
		expect(error.message).toMatch(/without a short address/);
		expect(error.description).toMatch(/nothing was sent\. Turn Shorten Link off/);
		expect(service.calls.map((request) => request.path)).toEqual(['/short_url/links']);
	});

	it('an https short address goes out as it is', async () => {
		const service = mockService()
			.on('POST', '/short_url/links', (request) => [201, { id: '9', short_url: 'https://idz.do/Zz9', url: request.body.url }])
			.on('POST', '/sms.do', (request) => [200, { count: 1, list: [{ id: 'm', points: '0.16', number: request.body.to, status: 'QUEUE', idx: request.body.idx }] }]);
		const context = nodeContext({ parameters: approvalParameters(), typeVersion: 1.1, executionId: 'exec-7' });
		context.putExecutionToWait = async () => undefined;
		const [[item]] = await new Smsapi().execute.call(context);
		expect(item.json.shortLinkId).toBe('9');
		expect(service.calls[1].body.message).toMatch(/^Refund 120 EUR to order 1024\?\nhttps:\/\/idz\.do\/Zz9#[A-Za-z0-9_-]{22}$/);
	});

	it('a refused send under Continue On Fail: its error item goes on, no wait', async () => {
		mockService()
			.on('POST', '/short_url/links', (request) => [201, { id: '1', short_url: 'http://idz.do/ab12x', url: request.body.url }])
			.on('POST', '/sms.do', () => [200, { error: 103, message: 'Not enough credits' }]);
		const context = nodeContext({ parameters: approvalParameters(), typeVersion: 1.1, continueOnFail: true });
		context.putExecutionToWait = async () => {
			throw new Error('must not wait');
		};
		const [output] = await new Smsapi().execute.call(context);
		expect(output).toHaveLength(1);
		expect(output[0].json.error).toBeDefined();
		expect(output[0].json.timedOut).toBeUndefined();
	});

	it("as the agent's Human review tool (n8n 2.x's …HitlTool type) it sends and waits", async () => {
		const service = approvalService();
		const context = typedContext(approvalParameters(), 'n8n-nodes-smsapi-plus.smsapiHitlTool');
		let waited = false;
		context.putExecutionToWait = async () => {
			waited = true;
		};
		await new Smsapi().execute.call(context);
		expect(service.calls.map((request) => request.path)).toEqual(['/short_url/links', '/sms.do']);
		expect(waited).toBe(true);
	});
});
