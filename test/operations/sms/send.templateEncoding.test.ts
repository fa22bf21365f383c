/**
 * The service's encoding of a template with values (issue 47, point 2; send/routing.ts,
 * SERVICE_ENCODING): SMS → Send in n8n-core's ExecuteContext against the emulator in both of its
 * modes (test/emulator: `templateEncoding` by the expanded text, or by the template). As recorded
 * (unknown: texts that need Unicode under a plain template go as their own texts) every recipient
 * receives exactly the text n8n rendered in both modes; with "by the expanded text" recorded those
 * texts share the template too, which is right only where the service does encode that way.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Emulator } from '../../emulator';
import { SERVICE_ENCODING } from '../../../nodes/Smsapi/send/routing';
import { emulatorCredentials, useEmulator } from '../support/emulator';
import { runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const number = (i: number) => `48500${String(i).padStart(6, '0')}`;
/** Names as a campaign's data has them: plain, Polish, Greek, emoji, and what no parameter carries. */
const NAMES = ['Anna', 'Łucja', 'Ζωή', 'Ola 😀', 'Jan', 'Żaneta', 'a|b', '[%2%]', '', 'Piotr', 'Mia', 'Zoë'];
const items = (count: number) => Array.from({ length: count }, (_, i) => ({ to: number(i), name: NAMES[i % NAMES.length] }));
const MESSAGE = '=Dzien dobry {{ $json.name }}, your order is on its way.';
const rendered = (item: { name: string }) => `Dzien dobry ${item.name}, your order is on its way.`;
const parameters: INodeParameters = { resource: 'sms', operation: 'send', to: '={{ $json.to }}', message: MESSAGE, options: {} };

/** The text each recipient received, by number; and the sms.do requests the emulator got. */
function received(emu: Emulator) {
	const texts = new Map(emu.state.messages.map((message) => [message.number, message.text]));
	const requests = emu.state.requests.filter((request) => request.path === '/sms.do').map((request) => ({ body: request.body as Record<string, string> }));
	return { texts, requests };
}

async function campaign(emu: Emulator, count: number) {
	const input: IDataObject[] = items(count);
	const output = await runNode({ parameters, items: input, typeVersion: 1.2, credentials: emulatorCredentials(emu) });
	expect(output).toHaveLength(count);
	return received(emu);
}

describe.each(['expandedText', 'template'] as const)('the emulator encodes a template by %s', (mode) => {
	const emulator = useEmulator({ templateEncoding: mode });

	it.each([250, 150])('as recorded (not known): %i items, every recipient gets exactly the text n8n rendered', async (count) => {
		expect(SERVICE_ENCODING.byExpandedText).toBe(false);
		const { texts, requests } = await campaign(emulator(), count);
		items(count).forEach((item) => expect(texts.get(item.to)).toBe(rendered(item)));
		// Plain names as the template; each other text as its own (Polish, Greek, emoji, |, [%, empty).
		const templated = requests.filter((request) => request.body.param1 !== undefined);
		expect(templated.length).toBe(Math.ceil(items(count).filter((item) => /^[A-Za-z]+$/.test(item.name)).length / 100));
	});

	it('recorded as "by the expanded text": the Unicode names share the template too', async () => {
		const replaced = jest.replaceProperty(SERVICE_ENCODING, 'byExpandedText', true);
		try {
			const { texts, requests } = await campaign(emulator(), 150);
			const templated = requests.filter((request) => request.body.param1 !== undefined);
			expect(templated.map((request) => request.body.param1.split('|')).flat()).toEqual(expect.arrayContaining(['Łucja', 'Ζωή', 'Ola 😀']));
			const polish = items(150).find((item) => item.name === 'Łucja')!;
			// Right where the service encodes by the expanded text, wrong where it encodes by the template.
			expect(texts.get(polish.to)).toBe(mode === 'expandedText' ? rendered(polish) : 'Dzien dobry ?ucja, your order is on its way.');
		} finally {
			replaced.restore();
		}
	});
});
