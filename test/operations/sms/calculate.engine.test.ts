/**
 * SMS → Calculate in n8n's engine in-process (support/engine.ts): the same figures as at the operation
 * level and no request at all (the `sms-calculate` fixture). Its tests at the operation level:
 * calculate.test.ts.
 */
import { allRequests } from '../../e2e/sms/support';
import { nodeItems } from '../../workflow/run-result';
import { useEngine } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe("sms.calculate in n8n's engine", () => {
	const suite = useEngine();
	const emulator = () => suite.emulator();

	it('calculate works offline: encoding, characters, parts, special characters, normalized text; no request at all', async () => {
		const run = await suite.run('sms-calculate');
		const [plain] = nodeItems(run, 'SMSAPI');
		const [normalized] = nodeItems(run, 'Normalized');
		expect(plain.json).toMatchObject({
			encoding: 'UCS-2',
			characters: 31,
			parts: 1,
			specialCharacters: ['ż', 'ó', 'ł', 'ć', 'ę', 'ś', 'ą', 'ź', 'ń', '–'],
			cost: { normal: 2, fast: 3 },
		});
		expect(normalized.json).toMatchObject({
			encoding: 'GSM-7',
			characters: 31,
			parts: 1,
			specialCharacters: [],
			normalizedText: 'Zazolc gesla jazn - 20% taniej!',
		});
		expect(await allRequests(emulator())).toEqual([]);
	});
});
