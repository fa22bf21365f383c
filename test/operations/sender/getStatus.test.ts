/**
 * Sender Name → Get Status: with the username/password login GET sender.do?status=<name> (nock), the
 * older `name` field out as `sender`; with a token the name percent-encoded into the path
 * (/sms/sendernames/{name}), a name no sender name refused before any request. Continue On Fail
 * through its item loop (items/loop.ts, mapItems): the failed item on the regular output with its
 * description, or a bare { error } on the error output, the only shape n8n (1.x and 2.x) routes
 * there. In n8n's engine, in the chains that start with Add: add.engine.test.ts.
 */
import nock from 'nock';

import { expectIdRefused } from '../support/id-formats';
import { legacyService, runLegacy } from '../support/legacy-login';
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('sender.getStatus', () => {
	it('with the username/password login: GET sender.do?status=<name>; the older `name` field comes out as `sender`', async () => {
		const service = legacyService().on('GET', '/sender.do', () => [200, { name: 'MyShop', status: 'INACTIVE', default: false }]);
		const output = await runLegacy({ parameters: { resource: 'sender', operation: 'getStatus', name: 'MyShop' } });
		expect(service.calls[0].query).toEqual({ format: 'json', status: 'MyShop' });
		expect(output[0].json).toEqual({ sender: 'MyShop', status: 'INACTIVE', default: false });
	});

	it('with a token: the name is percent-encoded into the path', async () => {
		const service = mockService().on('GET', '/sms/sendernames/My%20Shop%2B', () => [200, { sender: 'My Shop+', status: 'ACTIVE', is_default: true }]);
		const output = await runNode({ parameters: { resource: 'sender', operation: 'getStatus', name: 'My Shop+' } });
		expect(output[0].json).toEqual({ sender: 'My Shop+', status: 'ACTIVE', default: true });
		expect(service.calls).toHaveLength(1);
	});

	it('a name that is no sender name ("Café") is refused before any request', () =>
		expectIdRefused({ resource: 'sender', operation: 'getStatus', name: 'Café' }, 'name: "Café"', /at most 11 of letters A-Z/));

	it('with Continue On Fail an unknown name becomes an error item', async () => {
		legacyService().on('GET', '/sender.do', () => [200, { error: 2003, message: 'Sender name does not exist' }]);
		const output = await runLegacy({
			parameters: { resource: 'sender', operation: 'getStatus', name: 'Nope' },
			continueOnFail: true,
		});
		expect(output).toHaveLength(1);
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(String(output[0].json.error)).toMatch(/^SMSAPI error 2003/);
	});
});

const BASE = 'http://smsapi-error-output.test';
/** sender.do answers business errors with HTTP 200 and a code: the username/password login's endpoint. */
const LEGACY = { authentication: 'legacy', username: 'u', password: 'p', platform: 'custom', baseUrl: BASE };

function senderStatus(name: string) {
	return { resource: 'sender', operation: 'getStatus', name };
}

describe('sender.getStatus: the error items of its item loop (mapItems)', () => {
	function answer() {
		nock(BASE)
			.get('/sender.do')
			.query(true)
			.times(2)
			.reply(200, (uri) =>
				uri.includes('status=Missing')
					? { error: 2001, message: 'Sender name does not exist' }
					: { sender: 'MyShop', status: 'ACTIVE', default: false },
			);
	}

	it('regular output: the failed item carries error and description, the others their results', async () => {
		answer();
		const output = await runNode({
			parameters: [senderStatus('Missing'), senderStatus('MyShop')],
			continueOnFail: true,
			credentials: LEGACY,
		});
		expect(output).toHaveLength(2);
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(Object.keys(output[0].json).sort()).toEqual(['description', 'error']);
		expect(String(output[0].json.error)).toMatch(/2001/);
		expect(output[1]).toMatchObject({ json: { status: 'ACTIVE' }, pairedItem: { item: 1 } });
	});

	it('error output: the failed item is a bare { error }', async () => {
		answer();
		const output = await runNode({
			parameters: [senderStatus('Missing'), senderStatus('MyShop')],
			onError: 'continueErrorOutput',
			credentials: LEGACY,
		});
		expect(output[0]).toEqual({ json: { error: expect.stringMatching(/2001/) }, pairedItem: { item: 0 } });
		expect(output[1]).toMatchObject({ json: { status: 'ACTIVE' }, pairedItem: { item: 1 } });
	});
});
