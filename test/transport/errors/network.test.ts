/**
 * A thrown error read as a network failure or not (transport/errors/network.ts): the code found on
 * n8n-core's NodeApiError wrapper, in axios timeouts and resets and inside an AggregateError;
 * cancellation told apart from other errors.
 */
import { NodeApiError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import { classifyThrownError } from '../../../nodes/Smsapi/transport/errors/network';

describe('classifyThrownError', () => {
	const node = { name: 'SMSAPI', type: 'x', typeVersion: 1, position: [0, 0], parameters: {} } as unknown as INode;
	const axiosLike = (code: string, message: string) => Object.assign(new Error(message), { code, isAxiosError: true });

	it('finds the code on the cause of n8n-core’s NodeApiError wrapper', () => {
		const wrapped = new NodeApiError(node, axiosLike('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1') as unknown as JsonObject);
		expect(classifyThrownError(wrapped)).toEqual({ type: 'network', code: 'ECONNREFUSED', timedOut: false });
	});

	it('recognises axios timeouts and resets', () => {
		expect(classifyThrownError(axiosLike('ECONNABORTED', 'timeout of 100ms exceeded'))).toEqual({
			type: 'network',
			code: 'ECONNABORTED',
			timedOut: true,
		});
		expect(classifyThrownError(axiosLike('ETIMEDOUT', 'timeout'))).toMatchObject({ timedOut: true });
		expect(classifyThrownError(axiosLike('ECONNRESET', 'socket hang up'))).toEqual({ type: 'network', code: 'ECONNRESET', timedOut: false });
		expect(classifyThrownError(new Error('socket hang up'))).toEqual({ type: 'network', code: 'ECONNRESET', timedOut: false });
	});

	it('finds a code inside an AggregateError', () => {
		const aggregate = Object.assign(new AggregateError([axiosLike('ECONNREFUSED', 'a'), axiosLike('ECONNREFUSED', 'b')], 'x'));
		expect(classifyThrownError(aggregate)).toMatchObject({ type: 'network', code: 'ECONNREFUSED' });
	});

	it('tells cancellation and other errors apart', () => {
		expect(classifyThrownError(axiosLike('ERR_CANCELED', 'canceled'))).toEqual({ type: 'cancelled' });
		expect(classifyThrownError(axiosLike('ERR_INVALID_URL', 'Invalid URL'))).toEqual({ type: 'other' });
		expect(classifyThrownError(new Error('Node does not have any credentials set'))).toEqual({ type: 'other' });
	});
});
