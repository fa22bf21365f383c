/**
 * Voice Message → Send with the audio from the item's binary data, in real n8n (each line): n8n's
 * Convert to File node makes a WAV from the item, n8n stores it as it stores binary data (its own
 * binary data mode), and the node uploads it to vms.do as multipart/form-data; the emulator
 * records the bytes it received (size, SHA-256), which must be the file's.
 */
import { createHash } from 'node:crypto';

import { wavFile } from '../../support/wav';
import { E2E_TEST_TIMEOUT_MS, expectExecutionStatus, newId, SMSAPI_NODE_TYPE, type WorkflowJson } from '../harness';
import { messages } from '../sms/support';
import { type InstalledPackageSuite } from './suite';

interface VoiceMessage {
	number: string;
	audio?: { filename: string; contentType: string; bytes: number; sha256: string };
}

function voiceWorkflow(credential: { id: string; name: string }, path: string, audio: string): WorkflowJson {
	return {
		name: 'e2e: voice from binary data',
		nodes: [
			{ id: newId(), name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: newId(), parameters: { httpMethod: 'GET', path, responseMode: 'lastNode', responseData: 'noData', options: {} } },
			{ id: newId(), name: 'Audio', type: 'n8n-nodes-base.code', typeVersion: 2, position: [200, 0], parameters: { jsCode: `return [{ json: { phone: '48500000931', audio: '${audio}' } }];` } },
			{
				id: newId(),
				name: 'Convert to File',
				type: 'n8n-nodes-base.convertToFile',
				typeVersion: 1.1,
				position: [400, 0],
				parameters: { operation: 'toBinary', sourceProperty: 'audio', options: { fileName: 'greeting.wav', mimeType: 'audio/wav' } },
			},
			{
				id: newId(),
				name: 'SMSAPI',
				type: SMSAPI_NODE_TYPE,
				typeVersion: 1.1,
				position: [600, 0],
				parameters: { resource: 'vms', operation: 'send', to: "={{ $('Audio').item.json.phone }}", contentType: 'binary', options: {} },
				credentials: { smsapiApi: credential },
			},
		],
		connections: {
			Webhook: { main: [[{ node: 'Audio', type: 'main', index: 0 }]] },
			Audio: { main: [[{ node: 'Convert to File', type: 'main', index: 0 }]] },
			'Convert to File': { main: [[{ node: 'SMSAPI', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

export function registerVoiceUploadTests(ctx: InstalledPackageSuite, credential: () => { id: string; name: string }): void {
	it(
		"voice from binary data: the WAV n8n's Convert to File made arrives at vms.do intact (multipart upload)",
		async () => {
			const { n8n, emulator } = ctx;
			const file = wavFile({ hz: 523, samples: 1600 });
			const path = `e2e-voice-${newId().slice(0, 8)}`;
			const [id] = await n8n.createWorkflows([voiceWorkflow(credential(), path, file.toString('base64'))]);
			await n8n.activate(id);
			emulator.reset();
			const run = await n8n.runViaWebhook(id, path, { timeoutMs: 60_000 });
			expectExecutionStatus(run.execution);
			const called = ((await messages(emulator)) as unknown as VoiceMessage[]).filter((message) => message.number === '48500000931');
			expect(called.map((message) => message.audio)).toEqual([
				expect.objectContaining({ filename: 'vms.wav', contentType: 'audio/wav', bytes: file.length, sha256: createHash('sha256').update(file).digest('hex') }),
			]);
		},
		E2E_TEST_TIMEOUT_MS,
	);
}
