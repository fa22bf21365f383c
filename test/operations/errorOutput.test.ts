/**
 * Continue On Fail for every operation that runs through items/loop.ts: the regular output
 * gets the error with its description; "Continue (using error output)" gets a bare { error }
 * item, the only shape n8n (1.x and 2.x) routes to the error output.
 */
import nock from 'nock';

import { runNode } from './support/run-node';

const BASE = 'http://smsapi-error-output.test';
/** sender.do answers business errors with HTTP 200 and a code: the username/password login's endpoint. */
const LEGACY = { authentication: 'legacy', username: 'u', password: 'p', platform: 'custom', baseUrl: BASE };

function senderStatus(name: string) {
	return { resource: 'sender', operation: 'getStatus', name };
}

describe('error items of mapItems', () => {
	beforeAll(() => nock.disableNetConnect());
	afterEach(() => nock.cleanAll());
	afterAll(() => nock.enableNetConnect());

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
