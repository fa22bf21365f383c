/**
 * Every operation of the resources account (balance), hlr, contact, subuser, sender, price and
 * emailGateway through n8n's engine in-process: the `res-*` fixtures run on n8n-core's WorkflowExecute against the in-process emulator. Each test
 * checks the requests the emulator recorded (method, path, query and form body; secrets are
 * redacted there), what the emulator did (its state) and the node's output items. The e-mail
 * gateway goes through n8n's own Send Email node (the real one, from the provisioned install) to
 * the emulator's SMTP gateway, which sends the SMS and answers with a raport e-mail.
 */
import { createHash } from 'crypto';

import type { INode, INodeParameters } from 'n8n-workflow';

import { headerOf } from '../e2e/harness/smsapi';
import { nodeError as errorOf, nodeItems as itemsOf, nodeJson as jsonOf, pairedIndex } from './run-result';
import {
	answerOf,
	LEGACY_PASSWORD,
	LEGACY_USERNAME,
	loadResourceFixture,
	recorded,
	resourceCredentials,
	summary,
} from './resource-fixtures';
import { useEmulatorSuite } from './suite';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const HEX_ID = /^[0-9a-f]{24}$/;
const FORM = /^application\/x-www-form-urlencoded/;

describe('in-process n8n: resources', () => {
	// Delivery reports play no part here: keep them from firing while a test runs.
	const suite = useEmulatorSuite({
		emulator: { dlrDelayMs: 600_000 },
		credentials: resourceCredentials,
		loadFixture: loadResourceFixture,
	});
	const emulator = () => suite.emulator();

	beforeEach(() => emulator().reset());

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

	// ------------------------------------------------------------------------------ contact

	it(
		'contact.getMany: search (q), filters with operators and order_by, Return All paging and a limit over one page',
		async () => {
			// 205 more contacts: 211 in all, more than two pages of 100.
			for (let n = 1; n <= 205; n++) {
				emulator().state.contacts.push({
					...emulator().state.contacts[5],
					id: `6400000000000000001${String(n).padStart(5, '0')}`,
					first_name: 'Extra',
					last_name: `Contact ${n}`,
					phone_number: String(48600000000 + n),
					email: '',
					birthday_date: '',
					groupIds: [],
					custom: {},
				});
			}
			const run = await suite.run('res-contact-list');
			expect(run.error).toBeUndefined();

			const requests = await recorded(emulator(), '/contacts');
			for (const request of requests) {
				expect(request).toMatchObject({ method: 'GET', address: 'primary', authMethod: 'bearer', responseStatus: 200 });
			}
			// Branches run top to bottom: Search, Filter and Sort, All Contacts (3 pages), First 150 (2 pages).
			expect(requests.map((request) => request.query)).toEqual([
				{ q: 'NOWAK', offset: '0', limit: '50' },
				// The custom-field filter (points_balance ≥ 40) is applied by the node: the service gets
				// only the published filters, and pages of 100 until enough contacts matched.
				{ birthday_date: 'between(1980-01-01, 1995-12-31)', order_by: 'last_name', offset: '0', limit: '100' },
				{ offset: '0', limit: '100' },
				{ offset: '100', limit: '100' },
				{ offset: '200', limit: '100' },
				{ offset: '0', limit: '100' },
				{ offset: '100', limit: '50' },
			]);

			expect(jsonOf(run, 'Search')).toEqual([
				expect.objectContaining({ id: '640000000000000000000002', first_name: 'Jan', last_name: 'Nowak', phone_number: '48500000002' }),
			]);
			expect(jsonOf(run, 'Filter and Sort').map((contact) => [contact.last_name, contact.points_balance])).toEqual([
				['Kowalska', '120'],
				['Nowak', '40'],
			]);
			const all = jsonOf(run, 'All Contacts');
			expect(all).toHaveLength(211);
			expect(new Set(all.map((contact) => contact.id)).size).toBe(211);
			const first = jsonOf(run, 'First 150');
			expect(first.map((contact) => contact.id)).toEqual(all.slice(0, 150).map((contact) => contact.id));
			expect(itemsOf(run, 'All Contacts').every((item) => pairedIndex(item) === 0)).toBe(true);
		},
	);

	it(
		'contact.create then contact.update by the new id: form bodies without groups; groups (a name from an older workflow and an id) through the membership calls',
		async () => {
			const run = await suite.run('res-contact-create-update');
			expect(run.error).toBeUndefined();
			const vip = '650000000000000000000002';
			const empty = '650000000000000000000003';

			const requests = await recorded(emulator());
			const [created] = jsonOf(run, 'Create Contact');
			const id = String(created.id);
			expect(summary(requests)).toEqual([
				'GET /contacts/groups',
				'POST /contacts',
				`PUT /contacts/${id}/groups/${vip}`,
				`PUT /contacts/${id}/groups/${empty}`,
				'GET /contacts/groups',
				`PUT /contacts/${id}`,
				`DELETE /contacts/${id}/groups/${vip}`,
			]);
			for (const request of requests) expect(request).toMatchObject({ authMethod: 'bearer', address: 'primary' });
			expect(requests.map((request) => request.responseStatus)).toEqual([200, 201, 201, 201, 200, 200, 204]);
			const create = requests[1];
			expect(headerOf(create, 'content-type')).toMatch(FORM);
			expect(create.body).toEqual({
				phone_number: '48500000099',
				first_name: 'Ola',
				last_name: 'Zielinska',
				email: 'ola.zielinska@example.com',
				gender: 'female',
				birthday_date: '1995-05-05',
				city: 'Wroclaw',
				description: 'Met at the fair',
				source: 'n8n',
			});
			expect(created).toMatchObject({
				id: expect.stringMatching(HEX_ID),
				phone_number: '48500000099',
				first_name: 'Ola',
				last_name: 'Zielinska',
				groups: [expect.objectContaining({ id: vip, name: 'vip' }), expect.objectContaining({ id: empty, name: 'empty' })],
			});

			const update = requests[5];
			expect(headerOf(update, 'content-type')).toMatch(FORM);
			expect(update.body).toEqual({ city: 'Lodz', last_name: 'Zielinska-Nowak', email: 'ola@example.com' });
			expect(jsonOf(run, 'Update Contact')).toEqual([
				expect.objectContaining({
					id,
					first_name: 'Ola',
					last_name: 'Zielinska-Nowak',
					city: 'Lodz',
					email: 'ola@example.com',
					phone_number: '48500000099',
					groups: [expect.objectContaining({ id: empty, name: 'empty' })],
				}),
			]);
			expect(emulator().state.contacts.find((contact) => contact.id === id)).toMatchObject({
				city: 'Lodz',
				last_name: 'Zielinska-Nowak',
				groupIds: [empty],
			});
		},
	);

	it(
		'contact.addToGroup and contact.removeFromGroup: PUT and DELETE /contacts/{id}/groups/{groupId}',
		async () => {
			const jan = '640000000000000000000002';
			const customers = '650000000000000000000001';
			const vip = '650000000000000000000002';
			const run = await suite.run('res-contact-membership');
			expect(run.error).toBeUndefined();

			const requests = await recorded(emulator());
			expect(summary(requests)).toEqual([`PUT /contacts/${jan}/groups/${vip}`, `DELETE /contacts/${jan}/groups/${customers}`]);
			// No body on either: the membership is the path.
			expect(requests.map((request) => [request.responseStatus, request.body])).toEqual([
				[201, ''],
				[204, ''],
			]);
			expect(jsonOf(run, 'Add to Group')).toEqual([
				{
					contact_id: jan,
					group_id: vip,
					groups: [expect.objectContaining({ id: customers }), expect.objectContaining({ id: vip, name: 'vip', contacts_count: 2 })],
				},
			]);
			expect(jsonOf(run, 'Remove from Group')).toEqual([{ contact_id: jan, group_id: customers, removed: true }]);
			expect(emulator().state.contacts.find((contact) => contact.id === jan)?.groupIds).toEqual([vip]);
		},
	);

	it(
		'contact.create of a number already in the database: one request (409, not repeated), an error in plain words',
		async () => {
			const run = await suite.run('res-contact-duplicate');
			expect(run.status).toBe('error');

			const requests = await recorded(emulator());
			expect(summary(requests)).toEqual(['POST /contacts']);
			expect(requests[0]).toMatchObject({ address: 'primary', responseStatus: 409 });
			expect(requests[0].body).toEqual({ phone_number: '48500000001', first_name: 'Anna' });

			const error = errorOf(run, 'Create Contact');
			expect(error.message).toBe('A contact with the phone number 48500000001 already exists in the contacts database');
			expect(error.description).toMatch(/^Nothing was created\. To change that contact, use the Update operation/);
			expect(emulator().state.contacts).toHaveLength(6);
		}
	);

	// ------------------------------------------------------------------------------ subuser

	it(
		'subuser create -> get -> update -> getMany: user.do with md5 passwords, numbers out, no password in any output',
		async () => {
			const run = await suite.run('res-subuser');
			expect(run.error).toBeUndefined();

			const requests = await recorded(emulator(), '/user.do');
			expect(summary(requests)).toEqual(['POST /user.do', 'GET /user.do', 'POST /user.do', 'GET /user.do']);
			const [create, get, update, list] = requests;
			for (const request of requests) expect(request).toMatchObject({ authMethod: 'bearer', responseStatus: 200 });
			expect(headerOf(create, 'content-type')).toMatch(FORM);
			expect(create.body).toEqual({
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
			expect(get.query).toEqual({ format: 'json', get_user: 'demo_branch2' });
			expect(update.body).toEqual({
				format: 'json',
				set_user: 'demo_branch2',
				pass: '<redacted>',
				limit: '30.5',
				active: '0',
				info: 'Paused',
			});
			expect(list.query).toEqual({ format: 'json', list: '1' });
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
		'sender add -> getStatus -> delete -> setDefault (active MyShop) -> getMany: sender.do parameters and items',
		async () => {
			const run = await suite.run('res-sender');
			expect(run.error).toBeUndefined();

			const requests = await recorded(emulator(), '/sender.do');
			for (const request of requests) expect(request).toMatchObject({ authMethod: 'bearer', responseStatus: 200 });
			expect(requests.map((request) => [request.method, { ...request.query, ...request.body }])).toEqual([
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
				['GET', '/sender.do', { format: 'json', status: 'NewBrand' }],
			]);
			const error = errorOf(run, 'Set Default');
			expect(error.message).toBe('The sender name "NewBrand" is INACTIVE, so it cannot be the default');
			expect(error.description).toMatch(/^Nothing was changed\. Only an active \(verified\) sender name can be the default/);
			expect(emulator().state.senders.find((s) => s.isDefault)?.name).toBe('Test');
		}
	);

	// -------------------------------------------------------------------------------- price

	it(
		'price.getMany: GET prices.do; one item per network with price as a number; the country option filters',
		async () => {
			const run = await suite.run('res-price');
			expect(run.error).toBeUndefined();

			const requests = await recorded(emulator());
			expect(summary(requests)).toEqual(['GET /prices.do', 'GET /prices.do']);
			for (const request of requests) {
				expect(request).toMatchObject({ authMethod: 'bearer', responseStatus: 200 });
				expect(request.query).toEqual({ format: 'json' });
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

	// ------------------------------------------------------------------------- emailGateway

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
