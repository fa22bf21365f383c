/**
 * Continue On Fail across resources, through n8n's engine in-process (n8n-core's WorkflowExecute)
 * against the emulator with its conformance checks on: one-time codes, blacklist, contact groups,
 * templates, short links, sub-user delete, MMS and voice sends. One workflow runs every operation
 * of these and its error cases (already exists, not found, invalid number) with Continue On Fail:
 * results, and error items that say what went wrong; a second one shows that without it the node
 * stops the workflow with a clear error and sends nothing. The examples that use these resources
 * run in test/workflow/examples.test.ts, each operation's wire format in test/operations/.
 */
import { ref, workflow, type Parameters } from './chains';
import { nodeError as errorOf, nodeJson as jsonOf } from './run-result';
import { recorded, resourceCredentials } from './resource-fixtures';
import { useEmulatorSuite } from './suite';


const CONTINUE_CHAINS: Array<Array<[string, Parameters]>> = [
	[
		[
			'OTP Send',
			{
				resource: 'oneTimeCode',
				operation: 'send',
				phoneNumber: '+48 500 000 001',
				options: { includeCode: true },
			},
		],
		[
			'OTP Wrong',
			{
				resource: 'oneTimeCode',
				operation: 'verify',
				phoneNumber: '48500000001',
				code: 'not-a-code',
			},
		],
		[
			'OTP Right',
			{
				resource: 'oneTimeCode',
				operation: 'verify',
				phoneNumber: '48500000001',
				code: ref('OTP Send', 'code'),
			},
		],
		['OTP Landline', { resource: 'oneTimeCode', operation: 'send', phoneNumber: '48221234567' }],
	],
	[
		[
			'MMS Send',
			{
				resource: 'mms',
				operation: 'send',
				to: '48500000003',
				subject: 'Ticket',
				contentType: 'picture',
				pictureUrl: 'https://example.com/t.jpg',
				options: {},
			},
		],
		[
			'VMS Send',
			{
				resource: 'vms',
				operation: 'send',
				to: '48500000003, 99912345678',
				contentType: 'tts',
				tts: 'Your visit is tomorrow',
				options: { ttsLector: 'maja' },
			},
		],
		[
			'VMS Invalid',
			{
				resource: 'vms',
				operation: 'send',
				to: '48-abc',
				contentType: 'tts',
				tts: 'x',
				options: {},
			},
		],
	],
];

describe('in-process n8n: one-time codes, blacklist, groups, templates, short links, MMS and voice', () => {
	const suite = useEmulatorSuite({
		emulator: { dlrDelayMs: 600_000 },
		credentials: resourceCredentials,
		loadFixture: (name, credentials) =>
			name === 'continue-on-fail'
				? workflow(name, CONTINUE_CHAINS, credentials.token, true)
				: workflow(
						name,
						[
							[
								[
									'OTP Verify Bad Number',
									{
										resource: 'oneTimeCode',
										operation: 'verify',
										phoneNumber: '48-abc',
										code: '123456',
									},
								],
							],
						],
						credentials.token,
						false,
					),
	});
	const emulator = () => suite.emulator();

	beforeEach(() => emulator().reset());

	it('every operation with Continue On Fail: results, and clear error items for already exists, not found and invalid numbers', async () => {
		const run = await suite.run('continue-on-fail');
		expect(run.error).toBeUndefined();
		const one = (node: string) => jsonOf(run, node)[0];

		expect(one('OTP Send')).toMatchObject({
			phone_number: '48500000001',
			sent: true,
			code: expect.stringMatching(/^\d{6}$/),
		});
		expect(one('OTP Wrong')).toEqual({
			phone_number: '48500000001',
			valid: false,
			reason: 'wrong',
		});
		expect(one('OTP Right')).toEqual({ phone_number: '48500000001', valid: true });
		expect(one('OTP Landline').error).toMatch(/invalid_phone_number/);

		expect(one('MMS Send')).toMatchObject({
			number: '48500000003',
			points: 0.3,
			idx: expect.any(String),
		});
		const vms = jsonOf(run, 'VMS Send');
		expect(vms[0]).toMatchObject({ number: '48500000003', points: 0.21 });
		expect(vms[1].error).toMatch(/99912345678/);
		expect(one('VMS Invalid').error).toMatch(/^Not a valid phone number/);

		const sends = (await recorded(emulator())).filter((request) =>
			/^\/[mv]ms\.do$/.test(request.path),
		);
		expect(sends.map((request) => [request.path, request.body.check_idx])).toEqual([
			['/mms.do', '1'],
			['/vms.do', '1'],
		]);
		expect(emulator().state.messages.map((message) => [message.channel, message.number])).toEqual([
			['mms', '48500000003'],
			['vms', '48500000003'],
		]);
	}, 30_000);

	it('without Continue On Fail an invalid number stops the workflow with a clear error and nothing is sent', async () => {
		const run = await suite.run('stop-on-error');
		expect(run.status).toBe('error');
		expect(errorOf(run, 'OTP Verify Bad Number').message).toMatch(/^Not a valid phone number/);
		expect(
			(await recorded(emulator())).filter((request) => request.path.startsWith('/mfa')),
		).toEqual([]);
	}, 30_000);
});
