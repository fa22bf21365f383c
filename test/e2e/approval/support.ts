/**
 * Send and Wait for Approval in real n8n: starting an execution that waits, the link of its SMS
 * (a short link resolved to its target as the service redirects to it, the check kept as the
 * fragment, as a browser keeps it), and a person's hands as the page's script and form act:
 * opening the address (GET, as a phone or a previewer does: the fragment never leaves the
 * browser), asking for the question with the check from the fragment, and tapping a button of the
 * page (the POST of its form with the check, to the page's own address). A real browser does the
 * same in test/e2e/approval/phone.ts. Used by test/e2e/approval.test.ts and the queue-mode test
 * (test/e2e/topology/approval.ts).
 */
import type { Emulator } from '../../emulator';
import {
	describeExecution,
	emulatorRequests,
	expectExecutionStatus,
	newId,
	waitFor,
	type ExecutionRecord,
	type N8nInstance,
} from '../harness';
import { messages, type EmulatedMessage } from '../sms/support';
import { approvalWorkflow, type ApprovalWorkflowOptions } from './workflow';

export interface ApprovalSuite {
	emulator: Emulator;
	n8n: N8nInstance;
	credential: { id: string; name: string };
}

/** A started execution, waiting: its SMS and the link's target. */
export interface Asking {
	workflowId: string;
	executionId: string;
	message: EmulatedMessage;
	/** The link as the SMS carries it (short, unless Shorten Link is off), the check as its fragment. */
	smsLink: string;
	/** Where it leads in a browser: n8n's answer address of this execution, the SMS link's fragment kept. */
	link: URL;
}

/** The target of a short link the emulator made (its record of POST /short_url/links), by the short address's path. */
async function shortLinkTarget(emulator: Emulator, short: URL): Promise<string> {
	const made = await emulatorRequests(emulator, { path: '/short_url/links' });
	for (const request of made) {
		const answer = JSON.parse(String(request.responseBody)) as { short_url?: string };
		if (answer.short_url && new URL(answer.short_url).pathname === short.pathname) return String((request.body as Record<string, string>).url);
	}
	throw new Error(`no short link ${short.href} at the emulator`);
}

/** The link at the end of an SMS text (the node puts it on the last line), and where a browser lands with it. */
export async function linkOf(emulator: Emulator, message: EmulatedMessage): Promise<{ smsLink: string; link: URL }> {
	const smsLink = message.text.slice(message.text.lastIndexOf('\n') + 1);
	const carried = new URL(smsLink);
	const link = carried.hostname === 'idz.do' ? new URL(await shortLinkTarget(emulator, carried)) : new URL(carried);
	// A browser keeps the fragment across the short link's redirect (the target has none of its own).
	link.hash = carried.hash;
	return { smsLink, link };
}

export async function execution(n8n: N8nInstance, id: string): Promise<ExecutionRecord> {
	const [found] = await n8n.executions({ ids: [id], withData: true });
	return found;
}

/** Waits until the workflow's execution after `before` waits, and returns it (fails when it ended). */
export async function waitingExecution(n8n: N8nInstance, workflowId: string, before: number): Promise<ExecutionRecord> {
	let ended: ExecutionRecord | undefined;
	const found = await waitFor(`an execution of workflow ${workflowId} waiting`, 60_000, async () => {
		const mine = (await n8n.executions({ afterId: before, withData: true })).find((e) => String(e.workflowId) === workflowId);
		if (mine && !['new', 'running', 'waiting'].includes(mine.status)) ended = mine;
		return mine?.status === 'waiting' || ended ? mine : undefined;
	});
	if (ended) throw new Error(`expected the execution to wait, but ${describeExecution(ended)}`);
	return found;
}

/** Where a workflow's Webhook is called: main (default), or another process once it knows the webhook. */
export interface Via {
	url(path: string): string;
	ready?(path: string): Promise<void>;
}

/** Saves and activates the workflow, calls its Webhook (`via`, default main) and waits for the SMS. */
export async function startAsking(suite: ApprovalSuite, to: string, options: ApprovalWorkflowOptions = {}, via?: Via): Promise<Asking> {
	const { n8n, emulator } = suite;
	const path = `e2e-approval-${newId().slice(0, 8)}`;
	const [workflowId] = await n8n.createWorkflows([approvalWorkflow(suite.credential, path, to, options)]);
	await n8n.activate(workflowId);
	await via?.ready?.(path);
	const before = await n8n.lastExecutionId();
	const res = await fetch(via ? via.url(path) : n8n.webhookUrl(path), { signal: AbortSignal.timeout(30_000) });
	expect(res.status).toBe(200);
	const waiting = await waitingExecution(n8n, workflowId, before);
	const message = (await messages(emulator)).filter((m) => m.number === to).pop();
	if (!message) throw new Error(`no message to ${to} at the emulator`);
	return { workflowId, executionId: String(waiting.id), message, ...(await linkOf(emulator, message)) };
}

export async function finished(n8n: N8nInstance, id: string, timeoutMs = 30_000): Promise<ExecutionRecord> {
	return await waitFor(`execution ${id} to finish`, timeoutMs, async () => {
		const found = await execution(n8n, id);
		return found && !['new', 'running', 'waiting'].includes(found.status) ? found : undefined;
	});
}

/** The items "After" received, in its runs' order (one run per answer). */
export function afterItems(run: ExecutionRecord): Array<Record<string, unknown>> {
	expectExecutionStatus(run);
	const runs = run.data?.resultData?.runData?.After ?? [];
	return runs.flatMap((r) => (r.data?.main?.[0] ?? []).map((item) => item.json));
}

/** The one item "After" received. */
export function output(run: ExecutionRecord): Record<string, unknown> {
	const items = afterItems(run);
	expect(items).toHaveLength(1);
	return items[0];
}

export async function stillWaiting(n8n: N8nInstance, id: string): Promise<void> {
	// n8n answers before it writes a resumed execution: give it the time to start one.
	await new Promise((resolve) => setTimeout(resolve, 1500));
	const found = await execution(n8n, id);
	if (found.status !== 'waiting') throw new Error(`expected still waiting, but ${describeExecution(found)}`);
}

export interface Page {
	status: number;
	html: string;
}

/** Opens the link as a browser or a previewer does (GET, any headers; `HEAD` too): the fragment is not sent. */
export async function open(link: URL | string, headers: Record<string, string> = {}, method = 'GET'): Promise<Page> {
	const res = await fetch(link, { method, headers, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
	return { status: res.status, html: await res.text() };
}

/**
 * What the page's forms post (multipart form data, their enctype): `fields`, and the check the
 * page read from the link's fragment (none when the link has no fragment).
 */
export function pageForm(link: URL, fields: Record<string, string>): FormData {
	const body = new FormData();
	if (link.hash.length > 1) body.append('smsapi_check', decodeURIComponent(link.hash.slice(1)));
	for (const [name, value] of Object.entries(fields)) body.append(name, value);
	return body;
}

async function post(link: URL, fields: Record<string, string>): Promise<Page> {
	const res = await fetch(link, { method: 'POST', body: pageForm(link, fields), redirect: 'manual', signal: AbortSignal.timeout(15_000) });
	return { status: res.status, html: await res.text() };
}

/** The question, as the opening page's script asks for it: the check from the fragment, `step=open`. */
export async function openQuestion(link: URL): Promise<Page> {
	return await post(link, { step: 'open' });
}

/** The POST a tap on the question page's button makes: its form's fields and the check, to the page's own address. */
export async function tap(link: URL, fields: Record<string, string>): Promise<Page> {
	return await post(link, fields);
}

/** The page's buttons as `name=value` (what a tap on each would send). */
export function buttonsOf(html: string): string[] {
	return [...html.matchAll(/<button type="submit" name="([^"]+)" value="([^"]+)"/g)].map((m) => `${m[1]}=${m[2]}`);
}
