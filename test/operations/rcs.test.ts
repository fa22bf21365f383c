/**
 * RCS → Send, Get Many Messages, Get Senders and the sender dropdown at the operation level
 * (n8n-core's ExecuteContext against nock), in the published API's shapes (panel_com.yml
 * `SendRcsMessage`, `SentRcsMessage`, `UserRcsSenderCollection`, `RcsMessageCollection`).
 */
import type { ILoadOptionsFunctions, INodeParameters } from 'n8n-workflow';
import nock from 'nock';

import { loadOptions } from '../../nodes/Smsapi/methods';
import { BACKUP as BACKUP_URL, loadOptionsContext, tokenCredentials } from '../support/n8n-context';
import { failure, mockService, operationCredentials, runNode, useMockedNetwork } from './support/run-node';

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

describe('rcs lists', () => {
	it('Get Senders and Get Many Messages: one GET each, an item per entry, Limit or Return All', async () => {
		const service = mockService()
			.on('GET', '/rcs/senders', () => [200, { size: 2, collection: [{ id: SENDER, sender: 'MyShop' }, { id: '65f0c0ffee00000000000002', sender: 'Other' }] }])
			.on('GET', '/rcs/messages', () => [200, { size: 1, collection: [{ id: 'm1', recipient: '48500000001', sender: 'MyShop', senderId: SENDER }] }]);
		const senders = await runNode({ parameters: { resource: 'rcs', operation: 'getSenders', returnAll: false, limit: 1 } });
		expect(senders.map((item) => item.json)).toEqual([{ id: SENDER, sender: 'MyShop' }]);
		const messages = await runNode({ parameters: { resource: 'rcs', operation: 'getManyMessages', returnAll: true } });
		expect(messages.map((item) => item.json.recipient)).toEqual(['48500000001']);
		expect(service.calls.map((call) => call.query)).toEqual([{}, {}]);
	});

	it('the sender dropdown lists the senders by name with their id as value, sorted', async () => {
		mockService().on('GET', '/rcs/senders', () => [200, { size: 2, collection: [{ id: 'b'.repeat(24), sender: 'Zeta' }, { id: 'a'.repeat(24), sender: 'Alpha' }] }]);
		const context = loadOptionsContext({ credentials: operationCredentials() }) as ILoadOptionsFunctions;
		expect(await loadOptions.getRcsSenders.call(context)).toEqual([
			{ name: 'Alpha', value: 'a'.repeat(24) },
			{ name: 'Zeta', value: 'b'.repeat(24) },
		]);
	});
});
