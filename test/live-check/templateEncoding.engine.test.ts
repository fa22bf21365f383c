/**
 * The live check's probe of the service's encoding of a template with values
 * (scripts/live-check/templateEncoding.ts): what the parts of its two test sends tell, and its
 * answer against the emulator in both of its modes (test/emulator, `templateEncoding`); with
 * "by the expanded text" recorded for the node and a service that encodes by the template, the
 * check fails and says what to set back.
 */
import { NodeRunner } from '../../scripts/live-check/n8n-node';
import { probeTemplateEncoding, readTemplateEncoding } from '../../scripts/live-check/templateEncoding';
import { SERVICE_ENCODING } from '../../nodes/Smsapi/send/routing';
import { startEmulator, type Emulator } from '../emulator';

jest.setTimeout(60_000);

describe('readTemplateEncoding', () => {
	it('the template as the Polish text on its own: by the expanded text; 1 part for both: by the template', () => {
		expect(readTemplateEncoding([2, 1], 2).answer).toBe('expandedText');
		expect(readTemplateEncoding([1, 1], 2).answer).toBe('template');
	});

	it('not known when the account replaces special characters itself, or the parts fit neither', () => {
		expect(readTemplateEncoding([1, 1], 1)).toMatchObject({ answer: 'unknown', why: expect.stringMatching(/replaces special characters/) });
		expect(readTemplateEncoding([2, 2], 2).answer).toBe('unknown');
	});
});

describe.each(['expandedText', 'template'] as const)('the probe against the emulator encoding by %s', (mode) => {
	let emu: Emulator;
	let node: NodeRunner;
	beforeAll(async () => {
		emu = await startEmulator({ quiet: true, dlrDelayMs: 600_000, templateEncoding: mode });
		node = await NodeRunner.start({
			credential: { authentication: 'token', token: 'test-token', platform: 'custom', baseUrl: emu.primaryUrl },
			webhookBaseUrl: 'https://example.com/webhook',
		});
	});
	afterAll(async () => {
		await node.shutdown();
		await emu.stop();
	});
	const probe = () => probeTemplateEncoding({ node, numbers: ['48500000001', '48500000002'], contactNumber: '48500000099', state: {}, now: () => new Date() });

	it('answers what the emulator does, with test sends only', async () => {
		const outcome = await probe();
		expect(outcome).toEqual({ kind: 'success', detail: expect.stringContaining(mode === 'expandedText' ? 'by its expanded text (' : 'by the template (') });
		expect(emu.state.messages).toEqual([]);
		expect(emu.state.testSends.length).toBe(3);
	});

	it('with "by the expanded text" recorded, it fails where the service encodes by the template', async () => {
		const replaced = jest.replaceProperty(SERVICE_ENCODING, 'byExpandedText', true);
		try {
			expect((await probe()).kind).toBe(mode === 'template' ? 'error' : 'success');
		} finally {
			replaced.restore();
		}
	});
});
