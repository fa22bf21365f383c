/**
 * RCS → Send at the operation level (n8n-core's ExecuteContext against nock), in the published API's
 * shapes (panel_com.yml `SendRcsMessage`, `SentRcsMessage`): POST /rcs/messages as JSON, RCS JSON as
 * content, the checks before sending, the service's 400, no repeat on the backup (no idx guards it).
 * The RCS paths name only the bearer token (issue 40, finding 4), so the username/password login is
 * refused before anything is sent (transport/errors/tokenOnly.ts). Issue 40, finding 8 ("Lengths"):
 * the text's published limit (maxLength 3072) counts characters as JSON Schema's maxLength does (code
 * points), as typed, and the emulator counts the same. Its workflows in n8n's engine:
 * send.engine.test.ts.
 */
import nock from 'nock';
import type { INodeParameters } from 'n8n-workflow';
import { characterCount } from '../../../nodes/Smsapi/helpers/values';
import { rcsMessageBody } from '../../emulator/conformance/rest-bodies';
import { BACKUP as BACKUP_URL, tokenCredentials } from '../../support/n8n-context';
import { anyRequest, expectTokenOnly, legacyLogin, tokenOnlyMessage } from '../support/legacy-login';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const SENDER = '65f0c0ffee00000000000001';
const send = (phoneNumber: string, more: INodeParameters = {}): INodeParameters => ({
	resource: 'rcs',
	operation: 'send',
	sender: SENDER,
	phoneNumber,
	contentType: 'text',
	text: 'Your parcel arrives today.',
	...more,
});
const sent = (): [number, unknown] => [201, { id: '65f0c0ffee0000000000aaaa' }];

describe('rcs.send', () => {
	it('POSTs /rcs/messages as JSON: the cleaned number, the sender id and the text; one output item per item', async () => {
		const service = mockService().on('POST', '/rcs/messages', sent);
		const output = await runNode({ parameters: [send('+48 500-000-001'), send('48500000002')] });
		expect(service.calls.map((call) => call.body)).toEqual([
			{ phone_number: '48500000001', sender: SENDER, text: 'Your parcel arrives today.' },
			{ phone_number: '48500000002', sender: SENDER, text: 'Your parcel arrives today.' },
		]);
		expect(service.calls[0].headers['content-type']).toMatch(/application\/json/);
		expect(output[1]).toEqual({
			json: { id: '65f0c0ffee0000000000aaaa', phone_number: '48500000002', sender: SENDER, sent: true },
			pairedItem: { item: 1 },
		});
	});

	it('RCS JSON goes as content, an object (given as text or as an object)', async () => {
		const service = mockService().on('POST', '/rcs/messages', sent);
		await runNode({ parameters: send('48500000001', { contentType: 'content', content: '{"text":"Hi","suggestions":[]}' }) });
		await runNode({ parameters: send('48500000001', { contentType: 'content', content: { text: 'Hi' } }) });
		expect(service.calls.map((call) => call.body.content)).toEqual([{ text: 'Hi', suggestions: [] }, { text: 'Hi' }]);
		expect(service.calls[0].body.text).toBeUndefined();
	});

	it('refuses a sender that is not an id, a bad number, empty or too long text and RCS JSON that is not an object, before sending anything', async () => {
		const service = mockService().on('POST', '/rcs/messages', sent);
		const message = async (parameters: INodeParameters) => (await failure(runNode({ parameters }))).message;
		expect(await message(send('48500000001', { sender: 'MyShop' }))).toBe('Not an RCS sender id: "MyShop"');
		expect(await message(send('48-abc'))).toMatch(/^Not a valid phone number/);
		expect(await message(send('48500000001', { text: '  ' }))).toBe('Enter the text of the RCS message');
		expect(await message(send('48500000001', { text: 'x'.repeat(3073) }))).toBe(
			'The text has 3073 characters, more than the 3072 an RCS message takes',
		);
		expect(await message(send('48500000001', { contentType: 'content', content: '[1]' }))).toBe('RCS JSON must be an object');
		expect(await message(send('48500000001', { contentType: 'content', content: '{nope' }))).toBe('RCS JSON is not valid JSON');
		const error = await failure(runNode({ parameters: send('48500000001', { sender: '' }) }));
		expect(error.description).toMatch(/^Nothing was sent for this item\./);
		expect(service.calls).toHaveLength(0);
	});

	it("the service's 400 is a clear error; Continue On Fail makes it an error item and the other items are still sent", async () => {
		const service = mockService().on('POST', '/rcs/messages', (request) =>
			request.body.phone_number === '48221234567'
				? [400, { message: 'Invalid phone number', error: 'invalid_phone_number', developer_description: null, errors: null }]
				: sent(),
		);
		const error = await failure(runNode({ parameters: send('48221234567') }));
		expect(error.message).toMatch(/invalid_phone_number/);
		const output = await runNode({ parameters: [send('48221234567'), send('48500000001')], continueOnFail: true });
		expect(output.map((item) => item.json.error ?? item.json.phone_number)).toEqual([
			expect.stringMatching(/invalid_phone_number/),
			'48500000001',
		]);
		expect(service.calls).toHaveLength(3);
	});

	it('has no idx to guard a repeat: after a 500 of the primary it is not repeated on the backup', async () => {
		const primary = mockService().on('POST', '/rcs/messages', () => [500, 'oops']);
		const backup = nock(BACKUP_URL).post('/rcs/messages').reply(201, {});
		const error = await failure(runNode({ parameters: send('48500000001'), credentials: tokenCredentials({ backupUrl: BACKUP_URL }) }));
		expect(primary.calls).toHaveLength(1);
		expect(backup.isDone()).toBe(false);
		expect(error.message).toMatch(/not repeated|may or may not/);
	});
});

describe('rcs.send with the username/password login: refused before anything is sent', () => {
	it.each<[string, INodeParameters]>([
		['text', { resource: 'rcs', operation: 'send', sender: SENDER, phoneNumber: '48500000001', contentType: 'text', text: 'Hi' }],
		['RCS JSON', { resource: 'rcs', operation: 'send', sender: SENDER, phoneNumber: '48500000001', contentType: 'content', content: '{"text":"Hi"}' }],
	])('%s: the token-only error, no request at all', (_name, parameters) => expectTokenOnly(parameters, tokenOnlyMessage('rcs/messages')));

	it('with Continue On Fail every item gets the error and still nothing is sent', async () => {
		const seen = anyRequest();
		const send = (phoneNumber: string) => ({ resource: 'rcs', operation: 'send', sender: SENDER, phoneNumber, contentType: 'text', text: 'Hi' });
		const output = await runNode({ parameters: [send('48500000001'), send('48500000002')], credentials: legacyLogin(), continueOnFail: true });
		expect(output.map((item) => [item.json.error, item.pairedItem])).toEqual([
			[expect.stringMatching(tokenOnlyMessage('rcs/messages')), { item: 0 }],
			[expect.stringMatching(tokenOnlyMessage('rcs/messages')), { item: 1 }],
		]);
		expect(seen).toEqual([]);
	});
});

const EMOJI = '😀';
const rcsText = (text: string): INodeParameters => ({
	resource: 'rcs',
	operation: 'send',
	sender: SENDER,
	phoneNumber: '48500000001',
	contentType: 'text',
	text,
});

describe('rcs.send: the text counted in characters (issue 40, finding 8), characterCount', () => {
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

describe('rcs.send: the RCS text limit in characters', () => {
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
