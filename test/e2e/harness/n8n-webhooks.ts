/** Production and test webhook URLs of n8n, and waiting until a path is registered (without calling it). */
import { waitFor } from './proc';
import type { WorkflowJson } from './types';

export function webhookUrlAt(port: number, prefix: 'webhook' | 'webhook-test', webhookPath: string): string {
	return `http://127.0.0.1:${port}/${prefix}/${webhookPath.replace(/^\/+/, '')}`;
}

/**
 * Waits until the webhook at `url` is registered for `method`, without calling it (a call would
 * start the workflow). The probe is a CORS preflight: for a request with an `Origin`, n8n (1.x and
 * 2.x) answers OPTIONS with `Access-Control-Allow-Methods` listing the methods registered for the
 * path. (HEAD is no probe: n8n 2.x answers it 404 "not registered for HEAD" on a GET webhook.)
 * `check` runs before each probe (e.g. to stop when the process died).
 */
export async function waitForRegisteredWebhook(
	url: string,
	method: string,
	origin: string,
	timeoutMs: number,
	check: () => void = () => undefined,
): Promise<void> {
	const m = method.toUpperCase();
	await waitFor(`webhook ${m} ${url} to be registered`, timeoutMs, async () => {
		check();
		const res = await fetch(url, { method: 'OPTIONS', headers: { origin }, signal: AbortSignal.timeout(2000) });
		await res.arrayBuffer();
		const allowed = (res.headers.get('access-control-allow-methods') ?? '')
			.split(',')
			.map((entry) => entry.trim().toUpperCase());
		return allowed.includes(m) ? true : undefined;
	});
}

/** Paths and methods of the n8n-nodes-base.webhook nodes of these workflows. */
export function webhookNodesOf(workflows: Iterable<WorkflowJson | undefined>): Array<{ path: string; method: string }> {
	const out: Array<{ path: string; method: string }> = [];
	for (const wf of workflows) {
		for (const n of wf?.nodes ?? []) {
			if (n.type === 'n8n-nodes-base.webhook' && !n.disabled) {
				const p = n.parameters?.path;
				if (typeof p === 'string' && p) out.push({ path: p, method: String(n.parameters?.httpMethod ?? 'GET') });
			}
		}
	}
	return out;
}
