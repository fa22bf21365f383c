/**
 * The SMSAPI emulator (test/emulator) on loopback for the operation tests that need the service's
 * own behaviour and state rather than a mock: the node runs in n8n-core's ExecuteContext
 * (run-node.ts) with a token credential on the emulator, the rest of the file keeping nock.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator';
import { tokenCredentials } from '../../support/n8n-context';
import { runNode, useLoopback } from './run-node';

/** Starts an emulator for the enclosing describe block (reset before each test); returns it. */
export function useEmulator(options: EmulatorOptions = {}): () => Emulator {
	let emulator: Emulator | undefined;
	useLoopback();
	beforeAll(async () => {
		emulator = await startEmulator({ port: 0, quiet: true, ...options });
	});
	beforeEach(() => emulator?.reset());
	afterAll(async () => {
		await emulator?.stop();
	});
	return () => {
		if (!emulator) throw new Error('The emulator is not started');
		return emulator;
	};
}

/** The emulator's token credential on its primary and backup addresses. */
export const emulatorCredentials = (emulator: Emulator) =>
	tokenCredentials({ token: 'test-token', baseUrl: emulator.primaryUrl, backupUrl: emulator.backupUrl });

/** Runs the node with the emulator's token on its primary address (no backup). */
export const runOnEmulator = (emulator: Emulator, parameters: INodeParameters): Promise<INodeExecutionData[]> =>
	runNode({ parameters, credentials: tokenCredentials({ token: 'test-token', baseUrl: emulator.primaryUrl, backupUrl: '' }) });

/** A call of the emulator's control API (`POST /__control/<route>`). */
export async function control(emulator: Emulator, route: string, body: unknown): Promise<void> {
	const response = await fetch(`${emulator.controlUrl}/${route}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	if (!response.ok) throw new Error(`control ${route}: ${response.status}`);
}
