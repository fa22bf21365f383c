/**
 * The MMS and voice events of the trigger: registered as their own callback types (mms_dlr,
 * vms_dlr, mms_mo with a receiver) and read like their SMS counterparts.
 */
import type { INodeType } from 'n8n-workflow';

import { EVENT_INFO } from '../../nodes/Smsapi/trigger/events';
import { parseFormEncoded } from '../../nodes/Smsapi/callbacks/formDecoding';
import {
	BASE_URL,
	callWebhook,
	createWorkflow,
	dlrQuery,
	forgetProcessMemory,
	hookContext,
	itemsOf,
	loadTrigger,
	logs,
	NODE_ID,
	pathSecretUrlPath,
	WEBHOOK_ID,
} from './support/webhook-calls';

const request = jest.fn();
let trigger: INodeType;

beforeAll(() => {
	const SmsapiTrigger = loadTrigger(request);
	trigger = new SmsapiTrigger();
});

beforeEach(() => {
	request.mockReset();
	logs.length = 0;
	forgetProcessMemory();
});

const answer = (data: unknown) => ({ data, meta: {} });
const report = (MsgId: string, status: string) => ({
	MsgId,
	status,
	status_name: '',
	idx: 'order-1',
	sent_at: '1700000000',
	donedate: '1700000100',
	username: 'acme',
	points: '0.3',
	to: '48500000000',
	mcc: '260',
	mnc: '01',
});

describe('MMS and voice events', () => {
	it.each([
		['mmsDlr', 'mms_dlr'],
		['vmsDlr', 'vms_dlr'],
	])('%s registers as %s and reads delivery reports with the status filter', async (event, type) => {
		const workflow = createWorkflow(trigger, { event, secret: '', filters: { statuses: 'DELIVERED' } });
		request.mockResolvedValueOnce(answer([])).mockResolvedValueOnce(answer({ id: 'x' }));
		await trigger.webhookMethods!.default!.create.call(hookContext(workflow));
		expect(request.mock.calls[1][0].body).toEqual({ type, url: `${BASE_URL}/webhook/${WEBHOOK_ID}/${event}` });

		const call = await callWebhook(trigger, workflow, { query: dlrQuery([report('1', '404'), report('2', '406')]) });
		expect(itemsOf(call)).toEqual([expect.objectContaining({ MsgId: '1', status: 404, status_name: 'DELIVERED', final: true, points: 0.3 })]);
	});

	it('inbound MMS registers as mms_mo with its receiver and passes the MMS fields through', async () => {
		const workflow = createWorkflow(trigger, { event: 'mmsMo', receiver: 'number', receiverNumber: '48799599599' });
		request.mockResolvedValueOnce(answer([])).mockResolvedValueOnce(answer({ id: 'm' }));
		await trigger.webhookMethods!.default!.create.call(hookContext(workflow, 'POST'));
		expect(request.mock.calls[1][0].body).toEqual({
			type: 'mms_mo',
			url: `${BASE_URL}/webhook/${WEBHOOK_ID}/mmsMo/${NODE_ID}`,
			receiver_type: 'number',
			receiver_number: '48799599599',
		});

		const body = new URLSearchParams({
			sms_from: '48500000001',
			sms_to: '48799599599',
			sms_text: 'Photo',
			sms_date: '1700000000',
			username: 'acme',
			MsgId: 'mo-1',
			mms_subject: 'Photo',
			mms_attachments: 'https://example.com/p.jpg',
		}).toString();
		const call = await callWebhook(trigger, workflow, { method: 'POST', path: pathSecretUrlPath(workflow), body: parseFormEncoded(body) });
		expect(itemsOf(call)).toEqual([
			expect.objectContaining({ sms_from: '48500000001', sms_text: 'Photo', MsgId: 'mo-1', mms_subject: 'Photo', mms_attachments: 'https://example.com/p.jpg' }),
		]);
	});

	it('each event has its own name, method and registry type; the SMS events keep theirs', () => {
		expect(EVENT_INFO.mmsDlr).toMatchObject({ methods: ['GET'], registryType: 'mms_dlr', format: 'dlr' });
		expect(EVENT_INFO.vmsDlr).toMatchObject({ methods: ['GET'], registryType: 'vms_dlr', format: 'dlr' });
		expect(EVENT_INFO.mmsMo).toMatchObject({ methods: ['POST'], registryType: 'mms_mo', format: 'mo' });
		expect(EVENT_INFO.dlr.registryType).toBe('sms_dlr');
		expect(EVENT_INFO.mo.registryType).toBe('sms_mo');
	});
});
