/**
 * Sender Name → Get Statement (nock): GET /sms/sendernames/statement, the statement SMSAPI asks the
 * account holder to accept for a new sender name (panel_com.yml `SendernameStatement`): its content,
 * its sections and their statement types; REST only, so the username/password login is refused
 * before anything is sent. In n8n's engine, in the token chain that starts with Add: add.engine.test.ts.
 */
import { legacyLogin } from '../support/legacy-login';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const statement = {
	content: 'I declare that I have the right to use the sender name.',
	sections: [
		{ title: 'Sender name', statements: [{ type: 'sendername', content: 'I own it.' }] },
		{ title: 'Usage rights', statements: [{ type: 'sendername_usage_rights', content: 'I may use it.' }] },
	],
};

describe('sender.getStatement', () => {
	it('GETs /sms/sendernames/statement and outputs its content, sections and statement types', async () => {
		const service = mockService().on('GET', '/sms/sendernames/statement', () => [200, statement]);
		const output = await runNode({ parameters: { resource: 'sender', operation: 'getStatement' } });
		expect(service.calls.map((call) => [call.method, call.path, call.query])).toEqual([['GET', '/sms/sendernames/statement', {}]]);
		expect(output).toEqual([
			{
				json: { content: statement.content, sections: statement.sections, types: ['sendername', 'sendername_usage_rights'] },
				pairedItem: { item: 0 },
			},
		]);
	});

	it('an answer without sections gives empty sections and types', async () => {
		mockService().on('GET', '/sms/sendernames/statement', () => [200, { content: 'Short.' }]);
		const [item] = await runNode({ parameters: { resource: 'sender', operation: 'getStatement' } });
		expect(item.json).toEqual({ content: 'Short.', sections: [], types: [] });
	});

	it('the username/password login is refused before anything is sent', async () => {
		const service = mockService().on('GET', '/sms/sendernames/statement', () => [200, statement]);
		const error = await failure(runNode({ parameters: { resource: 'sender', operation: 'getStatement' }, credentials: legacyLogin() }));
		expect(error.message).toMatch(/^This operation needs an access token/);
		expect(error.description).toMatch(/^Nothing was sent\./);
		expect(service.calls).toEqual([]);
	});
});
