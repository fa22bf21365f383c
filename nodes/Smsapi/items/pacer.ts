import { sleep } from 'n8n-workflow';

/** The longest stretch a loop over a run's items runs without giving the event loop a turn. */
export const YIELD_AFTER_MS = 20;

/**
 * Paces a long synchronous loop over a run's items: `due()` is cheap enough to ask per item, and
 * when it says so the loop awaits `pause()` (n8n's `sleep`), so that n8n's own work goes on meanwhile.
 * A run of 100,000 items must not hold a queue-mode worker from renewing its job lock, nor
 * delay the webhook calls the same n8n process answers.
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
