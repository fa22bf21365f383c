/**
 * No callback can make n8n's output explode (issue 29, finding 11): what the SMSAPI Trigger hands
 * n8n grows with the request, not with the request times its reports, and the whole handler
 * (caller checks, parsing, dedupe, the items) stays fast at the node's size limits, for every
 * event. The callbacks are the worst found per event (test/callbacks/support/worst-callbacks.ts),
 * sent through the node's `webhook()` (trigger/handler.ts) in n8n-core's real WebhookContext.
 *
 * Before: a value sent once was copied into each of up to 1,000 reports (a 3.9 MB request gave
 * items of 3.9 GB, 998 times its size; n8n ran out of memory), and the dedupe of bulk starts
 * hashed every copy (23 s for one request).
 */
import type { IDataObject, INodeType } from 'n8n-workflow';

import { EVENT_FIELDS, type CallbackEvent } from '../../nodes/Smsapi/callbacks/eventFields';
import { PARSE_LIMITS } from '../../nodes/Smsapi/callbacks/limits';
import {
	callWebhook,
	createWorkflow,
	forgetProcessMemory,
	itemsOf,
	loadTrigger,
	respondLikeN8n,
	type WebhookCall,
} from './support/webhook-calls';
import {
	asReceived,
	OUTPUT_PER_INPUT,
	outputSize,
	sentSize,
	worstCallbacks,
	type SentCallback,
} from '../callbacks/support/worst-callbacks';

const CALLBACK_EVENTS = Object.keys(EVENT_FIELDS) as CallbackEvent[];

/** The whole handler and serialising its items, per callback at the limits. Seen: 5–60 ms. */
const HANDLER_BOUND_MS = 1000;

let trigger: INodeType;

beforeAll(() => {
	trigger = new (loadTrigger())();
});

beforeEach(() => forgetProcessMemory());

async function send(callback: SentCallback, parameters: IDataObject): Promise<WebhookCall> {
	const workflow = createWorkflow(trigger, { event: callback.event, secret: '', ...parameters });
	return await callWebhook(trigger, workflow, { method: callback.method, ...asReceived(callback) });
}

const cases = CALLBACK_EVENTS.flatMap((event) =>
	worstCallbacks(event).map((callback) => [event, callback.name, callback] as const),
);

/** Keys, entries and values of parsed JSON, counted as the node's limit counts them (maxNodes). */
function valuesOf(value: unknown): number {
	if (Array.isArray(value)) return 1 + value.reduce((sum: number, item) => sum + valuesOf(item), 0);
	if (typeof value === 'object' && value !== null) {
		return 1 + Object.values(value).reduce((sum: number, item) => sum + 1 + valuesOf(item), 0);
	}
	return 1;
}

describe('what n8n gets grows with the request, for every event', () => {
	it.each(cases)(
		'%s, %s: items at most OUTPUT_PER_INPUT times the request',
		async (_event, _name, callback) => {
			// Without the dedupe memory every report is passed on: the most output.
			const call = await send(callback, { deduplicate: false });
			const items = itemsOf(call);
			// Every report passes (or the callback is refused as too large): nothing is lost on the way.
			expect({ status: respondLikeN8n(call).status, items: items.length }).toEqual(
				callback.reports === 0
					? { status: 413, items: 0 }
					: { status: 200, items: callback.reports },
			);
			expect(outputSize(items)).toBeLessThanOrEqual(OUTPUT_PER_INPUT * sentSize(callback));
		},
	);

	it('the shapes are at the limits: the most reports, the longest values, full bodies', () => {
		for (const event of CALLBACK_EVENTS) {
			const [most, onceToLimit, longNames, textBody] = worstCallbacks(event);
			expect(most.name).toBe('the most reports, each with its id only');
			expect(sentSize(onceToLimit)).toBeGreaterThan(PARSE_LIMITS.maxTotalChars * 0.95);
			// dlr: up to the characters; the others: up to the values (one per report and field).
			if (event === 'dlr')
				expect(sentSize(longNames)).toBeGreaterThan(PARSE_LIMITS.maxTotalChars * 0.95);
			else
				expect(valuesOf(JSON.parse(longNames.json!))).toBeGreaterThan(PARSE_LIMITS.maxNodes * 0.95);
			expect(sentSize(textBody)).toBeGreaterThan(PARSE_LIMITS.maxBodyLength * 0.93);
			expect(sentSize(textBody)).toBeLessThanOrEqual(PARSE_LIMITS.maxBodyLength);
		}
	});
});

describe('the whole handler at the size limits, every event', () => {
	/**
	 * The fastest of up to three runs (fresh reports each), stopping at the first within the
	 * bound: a machine busy with other work slows one run, not the cost this checks. A run far
	 * above the bound is not retried.
	 */
	async function fastestMs(callback: SentCallback, tags: string[]): Promise<number> {
		let fastest = Infinity;
		for (const tag of tags) {
			forgetProcessMemory();
			const fresh = worstCallbacks(callback.event, tag).find(
				(shape) => shape.name === callback.name,
			)!;
			const started = performance.now();
			const call = await send(fresh, {});
			// What n8n does next with the items: it stores them as JSON.
			outputSize(itemsOf(call));
			const ms = performance.now() - started;
			fastest = Math.min(fastest, ms);
			if (fastest < HANDLER_BOUND_MS || ms > 5 * HANDLER_BOUND_MS) break;
		}
		return fastest;
	}

	it.each(cases)(
		'%s, %s: answered and its items serialised in under 1 s (deduplicating)',
		async (_event, _name, callback) => {
			expect(await fastestMs(callback, ['a', 'b', 'c'])).toBeLessThan(HANDLER_BOUND_MS);
		},
		120_000,
	);
});
