/**
 * What the smsapiApiRequest tests share: nock hosts that answer in order and record every hit,
 * the requests they send (a create, a read) and the run/failure helpers around n8n-core's real
 * ExecuteContext (context.ts).
 */
import nock from 'nock';
import { NodeApiError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { smsapiApiRequest } from '../../../nodes/Smsapi/transport/smsapiApiRequest';
import type { TransportSettings } from '../../../nodes/Smsapi/transport/smsapiApiRequest';
import type { SmsapiRequest, SmsapiResponse } from '../../../nodes/Smsapi/transport/types';
import { logs } from '../../support/n8n-context';
import { fastSettings, formOf, type TransportContext } from './context';

export interface Hit {
	host: string;
	method: string;
	path: string;
	query: Record<string, string>;
	body: Record<string, string>;
	headers: Record<string, unknown>;
}

/** Every request the nock hosts of `serve` received in the running test. */
export const hits: Hit[] = [];

/** nock for the fake hosts (real sockets on 127.0.0.1 stay allowed), a clean record per test. */
export function useServedHosts(): void {
	beforeAll(() => {
		nock.disableNetConnect();
		nock.enableNetConnect('127.0.0.1');
	});

	beforeEach(() => {
		hits.length = 0;
		logs.length = 0;
	});

	afterEach(() => {
		nock.cleanAll();
	});

	afterAll(() => {
		nock.enableNetConnect();
	});
}

export type Reply = [number, string | IDataObject | unknown[], Record<string, string>?];

/** Answers `replies` in order on `host` for `method path` (any query), recording every hit. */
export function serve(host: string, method: 'get' | 'post' | 'put' | 'delete', path: string, ...replies: Reply[]): nock.Scope {
	const scope = nock(host);
	for (const reply of replies) {
		scope[method](path)
			.query(true)
			.reply(function (uri, body) {
				const url = new URL(uri, host);
				hits.push({
					host,
					method: method.toUpperCase(),
					path: url.pathname,
					query: Object.fromEntries(url.searchParams.entries()),
					body: formOf(body),
					headers: this.req.headers,
				});
				const [status, payload, headers] = reply;
				return [status, typeof payload === 'string' ? payload : JSON.stringify(payload), headers ?? { 'Content-Type': 'application/json' }];
			});
	}
	return scope;
}

export const hitsOn = (host: string) => hits.filter((hit) => hit.host === host);

export const SEND_OK = { count: 1, list: [{ id: '7074294081650020450', points: '0.3000', number: '48500000000', date_sent: 1598964973, submitted_number: '500000000', status: 'QUEUE', error: null, idx: null, parts: 1 }] };

export function send(body: IDataObject = {}): SmsapiRequest {
	return { method: 'POST', endpoint: 'sms.do', body: { to: '48500000000', message: 'Hello', ...body }, safeToRepeat: false };
}

export const profile: SmsapiRequest = { method: 'GET', endpoint: 'profile', safeToRepeat: true };

export async function run(
	test: TransportContext,
	request: SmsapiRequest,
	settings: Partial<TransportSettings> = fastSettings(),
): Promise<SmsapiResponse> {
	return await smsapiApiRequest.call(test.context, request, settings);
}

export async function failure(promise: Promise<unknown>): Promise<NodeApiError> {
	try {
		await promise;
	} catch (error) {
		expect(error).toBeInstanceOf(NodeApiError);
		return error as NodeApiError;
	}
	throw new Error('expected the request to fail');
}
