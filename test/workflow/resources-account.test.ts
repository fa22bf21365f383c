/**
 * The account's own resources and lookups through n8n's engine in-process: the balance (account),
 * number lookups (hlr), sub-users, sender names and the price list (price). Sub-users, sender names
 * and prices run here with the username/password login (the *.do endpoints); with a token they use
 * the REST API: resources-rest.test.ts.
 *
 * The `res-*` fixtures run on n8n-core's WorkflowExecute against the in-process emulator. Each test
 * checks the requests the emulator recorded (method, path, query and form body; secrets are
 * redacted there), what the emulator did (its state) and the node's output items.
 */
import { createHash } from 'crypto';

import { headerOf } from '../e2e/harness/smsapi';
import { nodeError as errorOf, nodeItems as itemsOf, nodeJson as jsonOf, pairedIndex } from './run-result';
import { answerOf, FORM, HEX_ID, LEGACY_USERNAME, recorded, summary } from './resource-fixtures';
import { useResourcesSuite } from './suite';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
/** The username/password login as the emulator records it (the md5 password redacted). */
const LOGIN = { username: LEGACY_USERNAME, password: '<redacted>' };
const withoutLogin = ({ username: _username, password: _password, ...rest }: Record<string, string>) => rest;

describe('in-process n8n: resources', () => {
	const suite = useResourcesSuite();
	const emulator = () => suite.emulator();

	// ------------------------------------------------------------------------------ account

	it(
		'account.getBalance: GET user.do?credits=1&details=1 with the token, numbers out; the legacy login sends username and the md5 password',
		async () => {
			const run = await suite.run('res-account-balance');
			expect(run.error).toBeUndefined();

			const requests = await recorded(emulator());
			expect(summary(requests)).toEqual(['GET /user.do', 'GET /user.do']);
			const [token, legacy] = requests;
			expect(token).toMatchObject({ address: 'primary', authMethod: 'bearer', responseStatus: 200 });
			expect(headerOf(token, 'authorization')).toBe('Bearer <redacted>');
			expect(token.query).toEqual({ credits: '1', details: '1', format: 'json' });

			// The emulator takes only md5('demo-password') as the legacy password (anything else: 102).
			expect(legacy).toMatchObject({ address: 'primary', authMethod: 'legacy', responseStatus: 200 });
			expect(headerOf(legacy, 'authorization')).toBeUndefined();
			expect(legacy.query).toEqual({ credits: '1', format: 'json', username: LEGACY_USERNAME, password: '<redacted>' });
			expect(answerOf(legacy)).toEqual({ points: 100 });

			expect(jsonOf(run, 'Balance')).toEqual([
				{ points: 100, proCount: 606, ecoCount: 1428, mmsCount: 333, vmsGsmCount: 476, vmsLandCount: 714 },
			]);
			expect(jsonOf(run, 'Balance (Legacy Login)')).toEqual([{ points: 100 }]);
		}
	);

	// ---------------------------------------------------------------------------------- hlr

	it(
		'hlr.lookup of 45 numbers: three POST hlr.do of 20, 20 and 5 numbers in order, idx on each; 45 items with price as a number',
		async () => {
			const numbers = Array.from({ length: 45 }, (_, i) => String(48500000101 + i));
			const run = await suite.run('res-hlr-many');
			expect(run.error).toBeUndefined();

			const requests = await recorded(emulator());
			expect(summary(requests)).toEqual(['POST /hlr.do', 'POST /hlr.do', 'POST /hlr.do']);
			for (const request of requests) {
				expect(request).toMatchObject({ address: 'primary', authMethod: 'bearer', responseStatus: 200 });
				expect(headerOf(request, 'content-type')).toMatch(FORM);
				expect(Object.keys(request.body).sort()).toEqual(['format', 'idx', 'number']);
				expect(request.body).toMatchObject({ format: 'json', idx: 'batch45' });
			}
			expect(requests.map((request) => request.body.number.split(',').length)).toEqual([20, 20, 5]);
			expect(requests.flatMap((request) => request.body.number.split(','))).toEqual(numbers);

			const items = itemsOf(run, 'Lookup');
			expect(items).toHaveLength(45);
			items.forEach((item, i) => {
				expect(pairedIndex(item)).toBe(0);
				expect(item.json).toEqual({ status: 'OK', number: numbers[i], id: expect.stringMatching(HEX_ID), price: 0.1 });
			});
			expect(emulator().state.hlrLookups.map((lookup) => lookup.number)).toEqual(numbers);
			expect(emulator().state.hlrLookups.every((lookup) => lookup.idx === 'batch45')).toBe(true);
			expect(emulator().state.account.points).toBeCloseTo(95.5, 6);
		}
	);

	it(
		'hlr.lookup with continue on fail: the service refuses one number (error 13) and the node one; each fails only its own item, on the error output when there is one',
		async () => {
			const run = await suite.run('res-hlr-bad');
			expect(run.error).toBeUndefined();

			// The numbers of all items travel together; the one the node rejected never leaves n8n.
			// Two nodes (regular output, error output) make the same request.
			const requests = await recorded(emulator());
			expect(summary(requests)).toEqual(['POST /hlr.do', 'POST /hlr.do']);
			for (const request of requests) {
				expect(request.body).toEqual({ format: 'json', number: '48500000001,1234567' });
				expect(answerOf(request)).toEqual([
					expect.objectContaining({ status: 'OK', number: '48500000001' }),
					{ status: 'ERROR', number: '1234567', error: 13 },
				]);
			}
			expect(emulator().state.account.points).toBeCloseTo(99.8, 6);

			const looked = { status: 'OK', number: '48500000001', id: expect.stringMatching(HEX_ID), price: 0.1 };
			const refused = {
				status: 'ERROR',
				number: '1234567',
				errorCode: 13,
				error: 'Number lookup failed for 1234567: not a valid phone number (error 13)',
			};
			const rejected = expect.stringMatching(/^Not a valid phone number: "48-ABC-000" \(.*contains "A"/);

			// Continue (regular output): one output, every item answered in input order.
			const items = itemsOf(run, 'Lookup');
			expect(items.map(pairedIndex)).toEqual([0, 1, 2]);
			expect(items[0].json).toEqual(looked);
			expect(items[1].json).toEqual(refused);
			expect(items[2].json).toEqual({ error: rejected, description: expect.any(String) });

			// Continue (using error output): n8n routes the failed number and item to the second output,
			// with the fields of the input item they answer.
			expect(jsonOf(run, 'Looked Up')).toEqual([looked]);
			expect(jsonOf(run, 'Failed')).toEqual([
				{ phone: '1234567', error: refused.error },
				{ phone: '48-ABC-000', error: rejected },
			]);
		}
	);

	it(
		'hlr.lookup without continue on fail: the node stops naming the refused number and the numbers that were looked up',
		async () => {
			const run = await suite.run('res-hlr-bad-stop');
			expect(run.status).toBe('error');

			const requests = await recorded(emulator());
			expect(summary(requests)).toEqual(['POST /hlr.do']);
			expect(requests[0].body.number).toBe('48500000001,1234567,48500000002');

			const error = errorOf(run, 'Lookup');
			expect(error.message).toBe('Number lookup failed for 1234567 (not a valid phone number (error 13))');
			expect(error.description).toContain('The other numbers were looked up (and charged): 48500000001, 48500000002.');
		}
	);

	// ------------------------------------------------------------------------------ subuser

	it(
		'subuser create -> get -> update -> getMany (username/password login): user.do with md5 passwords, numbers out, no password in any output',
		async () => {
			const run = await suite.run('res-subuser');
			expect(run.error).toBeUndefined();

			const requests = await recorded(emulator(), '/user.do');
			expect(summary(requests)).toEqual(['POST /user.do', 'GET /user.do', 'POST /user.do', 'GET /user.do']);
			const [create, get, update, list] = requests;
			for (const request of requests) expect(request).toMatchObject({ authMethod: 'legacy', responseStatus: 200 });
			expect(headerOf(create, 'content-type')).toMatch(FORM);
			expect(create.body).toEqual({
				...LOGIN,
				format: 'json',
				add_user: 'branch2',
				pass: '<redacted>',
				pass_api: '<redacted>',
				limit: '20',
				month_limit: '5',
				senders: '1',
				phonebook: '0',
				active: '1',
				info: 'Second branch',
			});
			expect(get.query).toEqual({ ...LOGIN, format: 'json', get_user: 'demo_branch2' });
			expect(update.body).toEqual({
				...LOGIN,
				format: 'json',
				set_user: 'demo_branch2',
				pass: '<redacted>',
				limit: '30.5',
				active: '0',
				info: 'Paused',
			});
			expect(list.query).toEqual({ ...LOGIN, format: 'json', list: '1' });
			for (const request of requests) expect(answerOf(request)).not.toHaveProperty('error');

			// The emulator refuses a pass that is not an md5 (1123): it holds the md5 of what was typed.
			const created = emulator().state.subusers.find((sub) => sub.username === 'demo_branch2');
			expect(created).toMatchObject({
				pass: md5('Branch-Pass-2'),
				passApi: md5('Branch-Api-1'),
				limit: 30.5,
				monthLimit: 5,
				senders: 1,
				phonebook: 0,
				active: false,
				info: 'Paused',
			});

			const branch = { username: 'demo_branch2', limit: 20, month_limit: 5, senders: 1, phonebook: 0, active: true, info: 'Second branch' };
			expect(jsonOf(run, 'Create Sub-User')).toEqual([branch]);
			expect(jsonOf(run, 'Get Sub-User')).toEqual([branch]);
			expect(jsonOf(run, 'Update Sub-User')).toEqual([{ ...branch, limit: 30.5, active: false, info: 'Paused' }]);
			expect(jsonOf(run, 'List Sub-Users')).toEqual([
				{ username: 'demo_shop', limit: 50, month_limit: 10, senders: 1, phonebook: 1, active: true, info: 'Shop branch' },
				{ ...branch, limit: 30.5, active: false, info: 'Paused' },
			]);
			const outputs = JSON.stringify(['Create Sub-User', 'Get Sub-User', 'Update Sub-User', 'List Sub-Users'].map((name) => jsonOf(run, name)));
			for (const secret of ['Branch-Pass-1', 'Branch-Pass-2', 'Branch-Api-1', 'shop-password']) {
				expect(outputs).not.toContain(secret);
				expect(outputs).not.toContain(md5(secret));
			}
			expect(outputs).not.toMatch(/"pass(_api|word)?"/);
		}
	);

	// ------------------------------------------------------------------------------- sender

	it(
		'sender add -> getStatus -> delete -> setDefault (active MyShop) -> getMany (username/password login): sender.do parameters and items',
		async () => {
			const run = await suite.run('res-sender');
			expect(run.error).toBeUndefined();

			const requests = await recorded(emulator(), '/sender.do');
			for (const request of requests) expect(request).toMatchObject({ authMethod: 'legacy', responseStatus: 200 });
			expect(requests.map((request) => [request.method, withoutLogin({ ...request.query, ...request.body })])).toEqual([
				['POST', { format: 'json', add: 'Bakery' }],
				['GET', { format: 'json', status: 'Bakery' }],
				['POST', { format: 'json', delete: 'Bakery' }],
				['GET', { format: 'json', status: 'MyShop' }],
				['POST', { format: 'json', default: 'MyShop' }],
				['GET', { format: 'json', list: '1' }],
			]);
			for (const request of requests.filter((r) => r.method === 'POST')) {
				expect(headerOf(request, 'content-type')).toMatch(FORM);
				expect(request.query).toEqual({});
				expect(request.body).toMatchObject(LOGIN);
			}

			expect(jsonOf(run, 'Add Sender')).toEqual([{ sender: 'Bakery', count: 1 }]);
			expect(jsonOf(run, 'Sender Status')).toEqual([{ sender: 'Bakery', status: 'INACTIVE', default: false }]);
			expect(jsonOf(run, 'Delete Sender')).toEqual([{ sender: 'Bakery', deleted: true, count: 1 }]);
			expect(jsonOf(run, 'Set Default')).toEqual([{ sender: 'MyShop', default: true, count: 1 }]);
			expect(jsonOf(run, 'List Senders')).toEqual([
				{ sender: 'Test', status: 'ACTIVE', default: false },
				{ sender: 'MyShop', status: 'ACTIVE', default: true },
				{ sender: 'NewBrand', status: 'INACTIVE', default: false },
			]);
			expect(emulator().state.senders.map((s) => [s.name, s.isDefault])).toEqual([
				['Test', false],
				['MyShop', true],
				['NewBrand', false],
			]);
		}
	);

	it(
		'sender.setDefault of the inactive NewBrand: a clear error, and no default request is sent',
		async () => {
			const run = await suite.run('res-sender-default-inactive');
			expect(run.status).toBe('error');

			const requests = await recorded(emulator());
			expect(requests.map((request) => [request.method, request.path, request.query])).toEqual([
				['GET', '/sender.do', { ...LOGIN, format: 'json', status: 'NewBrand' }],
			]);
			const error = errorOf(run, 'Set Default');
			expect(error.message).toBe('The sender name "NewBrand" is INACTIVE, so it cannot be the default');
			expect(error.description).toMatch(/^Nothing was changed\. Only an active \(verified\) sender name can be the default/);
			expect(emulator().state.senders.find((s) => s.isDefault)?.name).toBe('Test');
		}
	);

	// -------------------------------------------------------------------------------- price

	it(
		'price.getMany (username/password login): GET prices.do; one item per network with price as a number; the country option filters',
		async () => {
			const run = await suite.run('res-price');
			expect(run.error).toBeUndefined();

			const requests = await recorded(emulator());
			expect(summary(requests)).toEqual(['GET /prices.do', 'GET /prices.do']);
			for (const request of requests) {
				expect(request).toMatchObject({ authMethod: 'legacy', responseStatus: 200 });
				expect(request.query).toEqual({ ...LOGIN, format: 'json' });
			}
			const answer = answerOf(requests[0]) as Array<Record<string, string>>;
			expect(answer.length).toBeGreaterThan(5);
			expect(typeof answer[0].price).toBe('string');

			const prices = jsonOf(run, 'Prices');
			expect(prices).toEqual(answer.map((entry) => ({ ...entry, price: Number(entry.price) })));
			for (const entry of prices) expect(typeof entry.price).toBe('number');
			expect(prices[0]).toEqual({ country: 'Poland', network: 'Plus', mcc: '260', mnc: '01', date: '1704067200', price: 0.038 });

			const poland = jsonOf(run, 'Prices (Poland)');
			expect(poland.map((entry) => entry.network)).toEqual(['Plus', 'T-Mobile', 'Orange', 'Play']);
			expect(poland.every((entry) => entry.country === 'Poland' && entry.price === 0.038)).toBe(true);
		}
	);
});
