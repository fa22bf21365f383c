import { sleep } from 'n8n-workflow';

/** The longest stretch a loop over a run's items runs without giving the event loop a turn. */
const YIELD_AFTER_MS = 20;

/**
 * Paces a long synchronous loop over a run's items: `due()` is cheap enough to ask per item, and
 * when it says so the loop awaits `pause()` (n8n's `sleep`), so that n8n's own work goes on meanwhile.
 * A run of 100,000 items must not hold a queue-mode worker from renewing its job lock, nor
 * delay the webhook calls the same n8n instance answers.
 */
export class Pacer {
	private turnStarted = Date.now();

	due(): boolean {
		return Date.now() - this.turnStarted >= YIELD_AFTER_MS;
	}

	async pause(): Promise<void> {
		await sleep(0);
		this.turnStarted = Date.now();
	}
}

/**
 * Turns for work that several answers would otherwise do in the same turn of the event loop: the
 * answers of a run's parallel requests often arrive together (the service answers requests of the
 * same size in about the same time), and Node runs every I/O callback that is ready in one turn.
 * Each `next()` resolves one n8n `sleep(0)` after the previous one did, so each answer is read, and
 * handed back, in a turn of its own.
 */
export class Turns {
	private last: Promise<void> = Promise.resolve();

	async next(): Promise<void> {
		const turn = this.last.then(async () => await sleep(0));
		this.last = turn;
		await turn;
	}
}
