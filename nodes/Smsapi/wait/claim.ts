/**
 * One resume per send in this n8n instance. n8n 1.x lets two calls that arrive together both resume a
 * waiting execution (it reads the status before either marks it running; 2.x claims it): the
 * second call that would resume the same send within CLAIM_MS resumes nothing. Calls handled by
 * another n8n instance are beyond this (docs/send-and-wait.md).
 */
const resumed = new Map<string, number>();
const CLAIM_MS = 10_000;

/**
 * Claims the resume of one send: the execution, the waiting node and the send's check hash (a
 * node in a loop waits once per send, each with its own check). False when this n8n instance already
 * claimed it within CLAIM_MS.
 */
export function claimResume(
	executionId: string,
	nodeId: string,
	checkHash: string,
	now = Date.now(),
): boolean {
	for (const [key, at] of resumed) {
		if (now - at < CLAIM_MS) break;
		resumed.delete(key);
	}
	const key = JSON.stringify([executionId, nodeId, checkHash]);
	const at = resumed.get(key);
	if (at !== undefined && now - at < CLAIM_MS) return false;
	resumed.delete(key);
	resumed.set(key, now);
	return true;
}
