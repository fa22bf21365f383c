/**
 * The check of a waiting execution's report address (delivery/reportCheck.ts): 32 random bytes
 * per send, only its hash kept (compared by wait/check.ts); the earlier credential-keyed check
 * still accepted for executions that began waiting before it.
 */
import { createHash, createHmac } from 'node:crypto';

import { earlierCheckMatches, newReportCheck } from '../../nodes/Smsapi/delivery/reportCheck';
import { checkMatches } from '../../nodes/Smsapi/wait/check';

it('a new check per send: 64 hex characters, its SHA-256 kept', () => {
	const first = newReportCheck();
	const second = newReportCheck();
	expect(first.check).toMatch(/^[0-9a-f]{64}$/);
	expect(first.check).not.toBe(second.check);
	expect(first.hash).toBe(createHash('sha256').update(first.check).digest('hex'));
	expect(checkMatches(first.check, first.hash)).toBe(true);
	expect(checkMatches(second.check, first.hash)).toBe(false);
});

it("the earlier check (keyed with the credential, bound to execution, node and idx) of an execution waiting from before", () => {
	const credentials = { authentication: 'token', token: 'a' };
	const key = createHash('sha256').update(JSON.stringify(['token', 'a', '', ''])).digest('hex');
	const earlier = createHmac('sha256', key).update(JSON.stringify(['e1', 'n1', 'i1'])).digest('hex');
	const waiting = { executionId: 'e1', nodeId: 'n1', idx: 'i1' };
	expect(earlierCheckMatches(earlier, credentials, waiting)).toBe(true);
	expect(earlierCheckMatches(earlier, { ...credentials, token: 'b' }, waiting)).toBe(false);
	expect(earlierCheckMatches(earlier, credentials, { ...waiting, idx: 'i2' })).toBe(false);
	for (const given of ['é'.repeat(64), ['x'], undefined, 'x'.repeat(100_000)]) expect(earlierCheckMatches(given, credentials, waiting)).toBe(false);
});
