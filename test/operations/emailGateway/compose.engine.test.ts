/**
 * E-Mail Gateway → Compose in n8n's engine in-process (support/engine.ts) against the emulator:
 * Compose → n8n's own Send Email node over SMTP to the emulator's gateway, which sends the SMS and
 * mails back the raport, with each node version's login. Its tests against a mocked service:
 * compose.test.ts.
 */
import { createHash } from 'node:crypto';
import type { INode, INodeParameters } from 'n8n-workflow';
import { LEGACY_PASSWORD, LEGACY_USERNAME, recorded } from '../../workflow/resource-fixtures';
import { nodeError as errorOf, nodeJson as jsonOf } from '../../workflow/run-result';
import { useResourceFixtures } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe("emailGateway.compose in n8n's engine against the emulator (with n8n's Send Email)", () => {
	const suite = useResourceFixtures();
	const emulator = () => suite.emulator();

	it(
		"emailGateway.compose -> n8n's Send Email over SMTP: the gateway sends the SMS and mails back the raport",
		async () => {
			const text =
				'Zażółć gęślą jaźń: order #12 & 3 more items are ready for pickup at our shop on Main Street. Thank you!';
			const subject = `${LEGACY_USERNAME}@${md5(LEGACY_PASSWORD)}`;
			const run = await suite.run('res-email-gateway');
			expect(run.error).toBeUndefined();

			// Compose builds the e-mail and calls nothing; Send Email talks SMTP only.
			expect(await recorded(emulator())).toEqual([]);
			expect(jsonOf(run, 'Compose')).toEqual([
				{
					to: 'sms@mail2sms.emulator.test',
					subject,
					// The vendor's mail2sms takes everything after message= as the text: options before it.
					text: `from=MyShop&to=48500000001&raport=1&message=${text}`,
				},
			]);
			expect(jsonOf(run, 'Send Email')).toEqual([
				expect.objectContaining({ accepted: ['sms@mail2sms.emulator.test'], rejected: [] }),
			]);

			const { received, outbox } = emulator().state.mails;
			expect(received).toHaveLength(1);
			expect(received[0]).toMatchObject({
				envelopeFrom: 'shop@example.com',
				envelopeTo: ['sms@mail2sms.emulator.test'],
				subject,
				params: { from: 'MyShop', to: '48500000001', message: text },
				authenticated: true,
				username: LEGACY_USERNAME,
				result: expect.stringMatching(/^OK:\d+:0\.33$/),
			});

			expect(emulator().state.messages).toHaveLength(1);
			const [message] = emulator().state.messages;
			expect(message).toMatchObject({ number: '48500000001', sender: 'MyShop', text, address: 'smtp', parts: 2 });
			expect(received[0].result).toBe(`OK:${message.id}:0.33`);

			expect(outbox).toEqual([
				expect.objectContaining({
					to: 'shop@example.com',
					subject: 'SMSAPI raport: OK',
					text: expect.stringContaining(received[0].result),
				}),
			]);
		},
	);

	it("emailGateway.compose at version 1.1 (issue 29, finding 12): the credential's login stays out of the output; the operation's own Username and Password log in", async () => {
		const atVersion11 = (parameters: INodeParameters = {}) => {
			const workflow = suite.fixture('res-email-gateway');
			const compose = (workflow.nodes as INode[]).find((node) => node.name === 'Compose')!;
			compose.typeVersion = 1.1;
			compose.parameters = { ...compose.parameters, ...parameters };
			return workflow;
		};
		const refused = await suite.n8n().run(atVersion11());
		expect(errorOf(refused, 'Compose').message).toBe('Enter Username and Password for the e-mail gateway');
		expect(JSON.stringify(refused)).not.toContain(md5(LEGACY_PASSWORD));
		expect(emulator().state.mails.received).toEqual([]);

		const run = await suite.n8n().run(atVersion11({ username: LEGACY_USERNAME, password: LEGACY_PASSWORD }));
		expect(run.error).toBeUndefined();
		expect(jsonOf(run, 'Compose')[0].subject).toBe(`${LEGACY_USERNAME}@${md5(LEGACY_PASSWORD)}`);
		expect(emulator().state.mails.received).toEqual([
			expect.objectContaining({ authenticated: true, username: LEGACY_USERNAME, result: expect.stringMatching(/^OK:/) }),
		]);
	});
});
