/**
 * SMS → Calculate, offline: encoding, characters, parts, special characters and cost with no HTTP and
 * no credential (n8n-core's ExecuteContext, nock refusing any request), with Price per Part the
 * estimate in money, with normalize the text as sent, too long for 10 parts said instead of failing.
 * In n8n's engine: calculate.engine.test.ts.
 */
import nock from 'nock';
import type { INodeParameters } from 'n8n-workflow';
import { Smsapi } from '../../../nodes/Smsapi/Smsapi.node';
import { nodeContext, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('sms.calculate works offline', () => {
	const calculate = (message: string, options: INodeParameters = {}): INodeParameters => ({
		resource: 'sms',
		operation: 'calculate',
		message,
		options,
	});

	it('gives encoding, characters, parts, special characters and cost, with no HTTP and no credential', async () => {
		// No interceptor is registered and real connections are disabled: any request would fail.
		// The credential lookup throws: calculate must not need one.
		const context = nodeContext({
			parameters: [calculate('Zażółć gęślą jaźń', { recipients: 3 }), calculate('a'.repeat(161)), calculate('€ 5')],
		});
		context.getCredentials = async () => {
			throw new Error('calculate asked for the credential');
		};
		const [output] = await new Smsapi().execute.call(context);

		expect(output[0]).toEqual({
			json: {
				encoding: 'UCS-2',
				characters: 17,
				length: 17,
				parts: 1,
				maxParts: 10,
				fitsInMaxParts: true,
				charactersPerPart: 70,
				remainingInLastPart: 53,
				specialCharacters: ['ż', 'ó', 'ł', 'ć', 'ę', 'ś', 'ą', 'ź', 'ń'],
				extensionCharacters: [],
				cost: { normal: 3, fast: 4.5 },
			},
			pairedItem: { item: 0 },
		});
		expect(output[1].json).toMatchObject({ encoding: 'GSM-7', characters: 161, parts: 2, charactersPerPart: 153 });
		expect(output[2].json).toMatchObject({ encoding: 'GSM-7', characters: 4, extensionCharacters: ['€'] });
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('with Price per Part (from Price → Get Many): the estimate in money, fast 1.5 times; a negative price refused', async () => {
		const context = nodeContext({ parameters: calculate('a'.repeat(161), { recipients: 3, pricePerPart: 0.165, currency: 'PLN' }) });
		context.getCredentials = async () => {
			throw new Error('calculate asked for the credential');
		};
		const [[item]] = await new Smsapi().execute.call(context);
		expect(item.json).toMatchObject({ parts: 2, cost: { normal: 6, fast: 9 }, estimate: { normal: 0.99, fast: 1.485, currency: 'PLN' } });
		const [plain] = await runNode({ parameters: calculate('a') });
		expect(plain.json.estimate).toBeUndefined();
		await expect(runNode({ parameters: calculate('a', { pricePerPart: -1 }) })).rejects.toThrow(/Price per Part must be a price of 0 or more/);
	});

	it('with normalize: the text as sent and its figures', async () => {
		const [item] = await runNode({ parameters: calculate('Zażółć gęślą jaźń', { normalize: true }) });
		expect(item.json).toMatchObject({
			encoding: 'GSM-7',
			characters: 17,
			parts: 1,
			specialCharacters: [],
			normalizedText: 'Zazolc gesla jazn',
		});
	});

	it('too long for 10 parts: says so instead of failing', async () => {
		const [item] = await runNode({ parameters: calculate('ż'.repeat(671)) });
		expect(item.json).toMatchObject({ encoding: 'UCS-2', parts: 11, fitsInMaxParts: false });
	});
});
