/**
 * Simultaneous requests, as the service limits them: at most `maxConcurrentSms` sends (`sms.do`,
 * `mms.do`, `vms.do`) of the account in progress at once; one more is refused unprocessed with
 * error 202 "too many simultaneous requests" (docs/service-behaviour.md, "Errors": 202 is transient
 * and refused before processing, so a client may repeat it). 0 = no cap (the default).
 *
 * It also counts what a benchmark reports: requests in flight at most, sends refused with 202.
 * Control: `GET /__control/load`, `POST /__control/load {maxConcurrentSms?}`, `DELETE` clears the counters.
 */
import { json, type HandlerResponse } from './http-types';

const SEND_PATHS = new Set(['/sms.do', '/mms.do', '/vms.do']);

export const LOAD_ROUTES = ['GET    /__control/load   POST {maxConcurrentSms?}   DELETE clears the counters'];

export interface LoadCounters {
	/** Cap on simultaneous sends; 0 = none. */
	maxConcurrentSms: number;
	/** Requests (control API aside) in progress now, and at most since the counters were cleared. */
	inFlight: number;
	peakInFlight: number;
	/** Sends in progress now, and at most. */
	sendsInFlight: number;
	peakSendsInFlight: number;
	/** Requests and sends received, and sends refused with 202. */
	requests: number;
	sends: number;
	refusedTooMany: number;
}

export class LoadGate {
	private counters: LoadCounters;

	constructor(maxConcurrentSms = 0) {
		this.counters = LoadGate.cleared(maxConcurrentSms, 0, 0);
	}

	private static cleared(maxConcurrentSms: number, inFlight: number, sendsInFlight: number): LoadCounters {
		return {
			maxConcurrentSms,
			inFlight,
			peakInFlight: inFlight,
			sendsInFlight,
			peakSendsInFlight: sendsInFlight,
			requests: 0,
			sends: 0,
			refusedTooMany: 0,
		};
	}

	get snapshot(): LoadCounters {
		return { ...this.counters };
	}

	/**
	 * A request arrives. Returns false for a send over the cap (answer error 202 without processing
	 * it); otherwise it is in flight until `release(path)`.
	 */
	admit(path: string): boolean {
		const c = this.counters;
		c.requests++;
		const send = SEND_PATHS.has(path);
		if (send) {
			c.sends++;
			if (c.maxConcurrentSms > 0 && c.sendsInFlight >= c.maxConcurrentSms) {
				c.refusedTooMany++;
				return false;
			}
			c.sendsInFlight++;
			c.peakSendsInFlight = Math.max(c.peakSendsInFlight, c.sendsInFlight);
		}
		c.inFlight++;
		c.peakInFlight = Math.max(c.peakInFlight, c.inFlight);
		return true;
	}

	release(path: string): void {
		const c = this.counters;
		c.inFlight = Math.max(0, c.inFlight - 1);
		if (SEND_PATHS.has(path)) c.sendsInFlight = Math.max(0, c.sendsInFlight - 1);
	}

	/** Control routes; null for any other. */
	control(key: string, body: Record<string, unknown>): HandlerResponse | null {
		switch (key) {
			case 'GET load':
				return json(200, this.snapshot);
			case 'POST load': {
				if (body.maxConcurrentSms !== undefined) {
					const cap = Number(body.maxConcurrentSms);
					if (!Number.isInteger(cap) || cap < 0) return json(400, { error: 'maxConcurrentSms must be a whole number (0 = no cap)' });
					this.counters.maxConcurrentSms = cap;
				}
				return json(200, this.snapshot);
			}
			case 'DELETE load': {
				const c = this.counters;
				this.counters = LoadGate.cleared(c.maxConcurrentSms, c.inFlight, c.sendsInFlight);
				return json(200, this.snapshot);
			}
			default:
				return null;
		}
	}
}
