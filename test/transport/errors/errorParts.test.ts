/**
 * What every error of the transport is made of (transport/errors/errorParts.ts): sentences, the
 * line that says where the request went (primary or backup, its address without user-info or
 * query, the HTTP status, the attempts), and the NodeApiError built from sanitised parts only:
 * message, description, context (nested too), httpCode and the service's message without a secret,
 * the wording kept as written (n8n rewrites messages that name network codes).
 */
import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { buildError, sentence, summaryLine } from '../../../nodes/Smsapi/transport/errors/errorParts';

const node = { name: 'SMSAPI', type: 'n8n-nodes-smsapi-plus.smsapi' } as INode;

describe('error parts', () => {
	it('makes a sentence: capital first, a full stop unless it ends with one, nothing of nothing', () => {
		expect(sentence(' the service refused ')).toBe('The service refused.');
		expect(sentence('Done!')).toBe('Done!');
		expect(sentence('   ')).toBe('');
	});

	it('says where the request went, the address shown without user-info and query', () => {
		expect(summaryLine({ method: 'POST', endpoint: 'sms.do', address: 'backup', baseUrl: 'https://user:pw@api2.smsapi.com/?token=t', attempts: 2 }, 503)).toBe(
			'Request: POST sms.do, on the backup address (https://api2.smsapi.com/), HTTP 503, 2 attempts.',
		);
		expect(summaryLine({ endpoint: 'profile', attempts: 1 })).toBe('Request: profile, 1 attempt.');
		expect(summaryLine({})).toBe('');
	});

	it('builds the NodeApiError from sanitised parts, every text without the secrets', () => {
		const error = buildError(
			node,
			{
				message: 'Refused token s3cret-token',
				description: 'The key s3cret-token is wrong',
				httpCode: '401',
				context: { fieldErrors: [{ field: 'password', message: 'p4ssw0rd is weak' }], nested: { url: 'https://x/?t=s3cret-token' }, dropped: undefined },
				serviceMessage: 'p4ssw0rd rejected',
				itemIndex: 2,
			},
			['s3cret-token', 'p4ssw0rd'],
		);
		expect(error).toBeInstanceOf(NodeApiError);
		const texts = JSON.stringify({ message: error.message, description: error.description, context: error.context, messages: error.messages, httpCode: error.httpCode });
		expect(texts).not.toMatch(/s3cret-token|p4ssw0rd/);
		expect(error.httpCode).toBe('401');
		expect(error.context).toMatchObject({ itemIndex: 2, fieldErrors: [{ field: 'password' }] });
		expect(error.context).not.toHaveProperty('dropped');
		expect(error.messages).toHaveLength(1);
	});

	it("keeps its own wording where n8n would rewrite a message that names a network code", () => {
		const error = buildError(node, { message: 'SMSAPI could not be reached: ECONNRESET', description: 'd', httpCode: null, context: {} }, []);
		expect(error.message).toBe('SMSAPI could not be reached: ECONNRESET');
		expect(error.httpCode).toBeNull();
		expect(error.messages).toEqual([]);
	});
});
