/**
 * The pinned answers (scripts/live-check/expected.json) are the emulator's: a fresh emulator
 * answering the live check gives exactly them. A deliberate emulator change fails here until
 * `npm run live-check -- --emulator --pin` rewrites them (and the diff shows what changed).
 */
import { readPinned } from '../../scripts/live-check/pinned';
import { runLiveCheck } from '../../scripts/live-check/run';
import { startEmulator } from '../emulator';

test('a fresh emulator answers every check exactly as pinned', async () => {
	const emu = await startEmulator({ quiet: true, dlrDelayMs: 600_000 });
	try {
		const pinned = readPinned();
		const run = await runLiveCheck({
			targets: { primary: emu.primaryUrl, backup: emu.backupUrl },
			login: { token: 'test-token' },
			allowWrites: true,
			numbers: ['48500000001', '48500000002'],
			contactNumber: '48500000099',
			expected: pinned,
		});
		expect(run.observed).toEqual(pinned);
		expect(run.results.map((r) => r.verdict)).toEqual(run.results.map(() => 'OK'));
	} finally {
		await emu.stop();
	}
});
