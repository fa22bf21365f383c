/**
 * The service's error 53 (idx already used) to idx values the node generated (send/idx/idxRefusal.ts):
 * "accepted earlier" (sent once, its answer lost) only with proof that the same content went out
 * with them (an earlier try's record, this run's repeat after a lost answer, a seed of this run's
 * own); an earlier try's other content is an error saying that content may have gone out; anything
 * else an idx collision, an error naming the numbers. The record of what this node run sent, and
 * of a request sent again as parts. No 53, or idx values of the user's own: not its business.
 * Through the node: test/operations/sms/send.idx.test.ts.
 */
import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { Settled } from '../../../nodes/Smsapi/helpers/parallel';
import { idxRefusalOf, rememberSent, rememberSentAsParts, sentAsPartsBefore } from '../../../nodes/Smsapi/send/idx/idxRefusal';
import type { GeneratedIdxRun } from '../../../nodes/Smsapi/send/idx/idxSeed';
import { createServiceError, type SmsapiResponse } from '../../../nodes/Smsapi/transport';

const node = { name: 'SMSAPI' } as INode;
const SENT = { to: '48500000001,48500000002', message: 'Hi', idx: 'aaa|bbb', check_idx: '1' };
const OTHER_TEXT = { ...SENT, message: 'Hello' };

/** A node run's record: `earlier` what the earlier tries sent (recorded as rememberSent records it). */
function nodeRun(options: Partial<GeneratedIdxRun> = {}, earlier: Array<Record<string, string>> = []): GeneratedIdxRun {
	const before: GeneratedIdxRun = { sent: {}, sentBefore: {}, earlierTry: earlier.length > 0, contentChanged: false, ownSeed: false };
	for (const params of earlier) rememberSent(before, params);
	return { ...before, sentBefore: JSON.parse(JSON.stringify(before.sent)) as Record<string, string[]>, ...options };
}

const refused = (code = 53): Settled<SmsapiResponse> => ({ ok: false, error: createServiceError(node, { code, serviceMessage: 'Idx already used' }) });
/** The transport's repeat after an attempt whose answer was lost, refused for its idx. */
const repeatRefused: Settled<SmsapiResponse> = { ok: true, value: { data: { error: 53, message: 'Idx already used' }, meta: { address: 'backup', attempts: 2, acceptedEarlier: true } } };

function judge(run: GeneratedIdxRun, params: Record<string, string>, result: Settled<SmsapiResponse>, generated = true) {
	return idxRefusalOf(node, run, params, { generated, endpoint: 'sms.do', result });
}

/** The error the judgement gives, as the node reports it. */
function reported(verdict: ReturnType<typeof judge>) {
	expect(verdict).toBeInstanceOf(NodeApiError);
	const error = verdict as NodeApiError;
	return { message: error.message, description: error.description ?? '', verdict: error.context.idxRefusal };
}

describe('error 53 to generated idx', () => {
	it('is accepted earlier when an earlier try recorded the same content under these idx values', () => {
		expect(judge(nodeRun({}, [SENT]), SENT, refused())).toBe('acceptedEarlier');
	});

	it("is accepted earlier when the idx values derive from this run's own identity and content alone, or when this run's repeat was refused", () => {
		expect(judge(nodeRun({ ownSeed: true }), SENT, refused())).toBe('acceptedEarlier');
		expect(judge(nodeRun(), SENT, repeatRefused)).toBe('acceptedEarlier');
	});

	it('an earlier try that sent other content: an error saying the EARLIER content may have gone out, never accepted', () => {
		const error = reported(judge(nodeRun({}, [OTHER_TEXT]), SENT, refused()));
		expect(error.verdict).toBe('earlierContent');
		expect(error.message).toMatch(/an earlier try of this node sent these messages with other content/);
		expect(error.description).toMatch(/the EARLIER content may have gone out to these numbers, and this try's content was not sent/);
		expect(error.description).toContain('48500000001, 48500000002');
		// Known only from the seed: the earlier try's content hash differs from this one's.
		expect(reported(judge(nodeRun({ ownSeed: true, contentChanged: true }), SENT, refused())).verdict).toBe('earlierContent');
	});

	it("other content and this try's repeat refused: one of the two texts went out", () => {
		const error = reported(judge(nodeRun({ contentChanged: true }), SENT, repeatRefused));
		expect(error.verdict).toBe('earlierContent');
		expect(error.description).toMatch(/either the EARLIER content or this try's went out to these numbers, one of them, once/);
	});

	it('no record and a seed not its own alone: an idx collision, naming ten numbers and counting the rest', () => {
		const many = { ...SENT, to: Array.from({ length: 13 }, (_, i) => String(48500000000 + i)).join(',') };
		const error = reported(judge(nodeRun(), many, refused()));
		expect(error.verdict).toBe('collision');
		expect(error.message).toBe('SMSAPI error 53: the idx values the node generated for these messages had already been used');
		expect(error.description).toContain('48500000009 and 3 more: their idx had been used in the last 24 hours');
	});

	it("a refusal at the first attempt takes this try's content out of the record; the earlier tries' stays", () => {
		const run = nodeRun({ contentChanged: true }, [OTHER_TEXT]);
		rememberSent(run, SENT);
		const key = Object.keys(run.sent!)[0];
		expect(run.sent![key]).toHaveLength(2);
		judge(run, SENT, refused());
		expect(run.sent![key]).toEqual(run.sentBefore[key]);
		const fresh = nodeRun();
		rememberSent(fresh, SENT);
		judge(fresh, SENT, refused());
		expect(fresh.sent).toEqual({});
	});

	it("is none of its business: another error, a plain answer, or idx values of the user's own", () => {
		expect(judge(nodeRun(), SENT, refused(103))).toBeUndefined();
		expect(judge(nodeRun(), SENT, { ok: true, value: { data: { count: 1 }, meta: { address: 'primary', attempts: 1 } } })).toBeUndefined();
		expect(judge(nodeRun({ ownSeed: true }), SENT, refused(), false)).toBeUndefined();
		expect(judge(nodeRun(), SENT, repeatRefused, false)).toBeUndefined();
	});
});

describe('a request sent again as parts', () => {
	it('is recorded with the error whose fallback sent it, found again by a later try for the same content only', () => {
		const first = nodeRun();
		rememberSent(first, SENT);
		rememberSentAsParts(first, SENT, 57);
		rememberSentAsParts(first, SENT, 57);
		const later = nodeRun({ sentBefore: JSON.parse(JSON.stringify(first.sent)) as Record<string, string[]> });
		expect(sentAsPartsBefore(later, SENT)).toBe(57);
		expect(sentAsPartsBefore(later, OTHER_TEXT)).toBeUndefined();
		expect(sentAsPartsBefore(nodeRun(), SENT)).toBeUndefined();
		// Sent as parts, not as itself: a 53 to it proves nothing went out as this request.
		expect(reported(judge(later, SENT, refused())).verdict).toBe('collision');
	});

	it('without a node context nothing is recorded', () => {
		const run = nodeRun({ sent: undefined });
		rememberSent(run, SENT);
		rememberSentAsParts(run, SENT, 57);
		expect(run.sent).toBeUndefined();
	});
});
