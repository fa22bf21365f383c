/**
 * One resume per send in this process (nodes/Smsapi/wait/claim.ts): keyed by execution, node
 * and the send's check hash (a node in a loop waits once per send), dropped after 10 s.
 */
import { claimResume } from '../../nodes/Smsapi/wait/claim';

it('one resume per execution, node and send for 10 s, then the claim is dropped', () => {
	expect(claimResume('e1', 'n1', 'h1', 1000)).toBe(true);
	expect(claimResume('e1', 'n1', 'h1', 1500)).toBe(false);
	expect(claimResume('e1', 'n2', 'h1', 1500)).toBe(true);
	expect(claimResume('e2', 'n1', 'h1', 1500)).toBe(true);
	// The same node's next send in a loop (its own check) is answered at once.
	expect(claimResume('e1', 'n1', 'h2', 1500)).toBe(true);
	expect(claimResume('e1', 'n1', 'h1', 11_001)).toBe(true);
});

it('keys cannot run into each other however the parts are split', () => {
	expect(claimResume('e 1', 'n', 'h', 50_000)).toBe(true);
	expect(claimResume('e', '1 n', 'h', 50_000)).toBe(true);
});
