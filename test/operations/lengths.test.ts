/**
 * Issue 40, finding 8 ("Lengths"): the published limits of RCS text (`SendRcsMessage.text`,
 * maxLength 3072) and the opt-out brand (`OptOutSettings.brand`, maxLength 255) count characters as
 * JSON Schema's maxLength does (code points): an emoji is one character, not two UTF-16 units. The
 * node sends both as typed (the published API trims nothing), and the emulator counts as the node.
 */
import type { INodeParameters } from 'n8n-workflow';

import { characterCount } from '../../nodes/Smsapi/helpers/values';
import { rcsMessageBody } from '../emulator/conformance/rest-bodies';
import { failure, mockService, runNode, useMockedNetwork } from './support/run-node';

useMockedNetwork();

const EMOJI = '😀';
const SENDER = '65f0c0ffee00000000000001';
const rcsText = (text: string): INodeParameters => ({
	resource: 'rcs',
	operation: 'send',
	sender: SENDER,
	phoneNumber: '48500000001',
	contentType: 'text',
	text,
});

describe('characterCount', () => {
	it('counts code points: an emoji is one, a lone half of one is one, letters with accents are one each', () => {
		expect(characterCount('')).toBe(0);
		expect(characterCount(EMOJI)).toBe(1);
		expect(characterCount(`a${EMOJI}b`)).toBe(3);
		expect(characterCount('\ud83d')).toBe(1);
		expect(characterCount('\ude00\ud83d')).toBe(2);
		expect(characterCount('Zażółć')).toBe(6);
		expect(characterCount(EMOJI.repeat(3072))).toBe(3072);
	});
});

describe('RCS text', () => {
	it('3072 emoji are 3072 characters: sent, as typed', async () => {
		const service = mockService().on('POST', '/rcs/messages', () => [201, { id: '65f0c0ffee0000000000aaaa' }]);
		await runNode({ parameters: rcsText(EMOJI.repeat(3072)) });
		await runNode({ parameters: rcsText('  Hello\n') });
		expect(service.calls.map((call) => call.body.text)).toEqual([EMOJI.repeat(3072), '  Hello\n']);
	});

	it('3073 emoji are refused before sending, counted as characters', async () => {
		const service = mockService().on('POST', '/rcs/messages', () => [201, { id: '65f0c0ffee0000000000aaaa' }]);
		const error = await failure(runNode({ parameters: rcsText(EMOJI.repeat(3073)) }));
		expect(error.message).toBe('The text has 3073 characters, more than the 3072 an RCS message takes');
		expect(service.calls).toHaveLength(0);
	});

	it("the emulator's conformance check counts the same way", () => {
		const refine = rcsMessageBody.refine as (body: Record<string, unknown>) => unknown[];
		expect(refine({ text: EMOJI.repeat(3072) })).toEqual([]);
		expect(refine({ text: EMOJI.repeat(3073) })).toHaveLength(1);
	});
});
