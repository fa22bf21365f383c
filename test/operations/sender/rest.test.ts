/**
 * Sender names over the published REST API (actions/sender/rest.ts), against nock: the path of a
 * name percent-encoded and refused when it is no sender name (or the statement's path beside
 * them); a REST entry as the item sender.do gives; one name's status from GET
 * /sms/sendernames/{name} with a token and from sender.do with the username/password login.
 */
import { fetchSender, restSenderItem, senderPath } from '../../../nodes/Smsapi/actions/sender/rest';
import { legacyLogin } from '../support/legacy-login';
import { mockService, nodeContext, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('REST sender names', () => {
	it('puts the name into the path percent-encoded, refusing what is no sender name', () => {
		expect(senderPath('My Shop&Co')).toBe('sms/sendernames/My%20Shop%26Co');
		expect(senderPath('Bakery', '/commands/make_default')).toBe('sms/sendernames/Bakery/commands/make_default');
		expect(() => senderPath('statement')).toThrow('Not a valid name in name: "statement"');
		expect(() => senderPath('..')).toThrow('Not a valid name in name');
	});

	it("gives a REST entry as sender.do's item", () => {
		expect(restSenderItem({ sender: 'Bakery', status: 'ACTIVE', is_default: true, created_at: '2024-01-15T10:00:00+01:00' })).toEqual({
			sender: 'Bakery',
			status: 'ACTIVE',
			default: true,
			created_at: '2024-01-15T10:00:00+01:00',
		});
		expect(restSenderItem(undefined)).toEqual({ sender: null, status: null, default: false });
	});

	it('asks for one name over REST with a token, over sender.do with the username/password login', async () => {
		const rest = mockService().on('GET', '/sms/sendernames/Bakery', () => [200, { sender: 'Bakery', status: 'INACTIVE', is_default: false }]);
		const parameters = { resource: 'sender', operation: 'getStatus', name: 'Bakery' };
		expect(await fetchSender.call(nodeContext({ parameters }), 'Bakery', 0)).toEqual({ sender: 'Bakery', status: 'INACTIVE', default: false });
		expect(rest.calls).toHaveLength(1);
		const legacy = mockService().on('GET', '/sender.do', () => [200, { name: 'Bakery', status: 'ACTIVE', default: true }]);
		expect(await fetchSender.call(nodeContext({ parameters, credentials: legacyLogin() }), 'Bakery', 0)).toEqual({ sender: 'Bakery', status: 'ACTIVE', default: true });
		expect(legacy.calls[0].query).toMatchObject({ status: 'Bakery', format: 'json' });
	});
});
