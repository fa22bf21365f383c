/**
 * The credential as the transport reads it (transport/credential.ts): its Request Timeout in
 * milliseconds (none for a credential saved before it existed), one read per node run and item
 * (a failed read not kept), and which login goes over the published REST API.
 */
import type { IDataObject } from 'n8n-workflow';

import { credentialsOf, credentialTimeoutMs, CREDENTIAL_TYPE, servedByRestApi } from '../../nodes/Smsapi/transport/credential';
import type { SmsapiContext } from '../../nodes/Smsapi/transport/types';

const contextReading = (...answers: Array<IDataObject | Error>) => {
	const getCredentials = jest.fn();
	for (const answer of answers) {
		if (answer instanceof Error) getCredentials.mockRejectedValueOnce(answer);
		else getCredentials.mockResolvedValueOnce(answer);
	}
	return { context: { getCredentials } as unknown as SmsapiContext, getCredentials };
};

describe('the credential', () => {
	it('gives the Request Timeout in ms, none when unset or not a positive number', () => {
		expect(credentialTimeoutMs({ timeout: 30 })).toBe(30_000);
		expect(credentialTimeoutMs({ timeout: '2.5' })).toBe(2_500);
		for (const timeout of [undefined, '', 0, -1, 'soon']) expect(credentialTimeoutMs({ timeout })).toBeUndefined();
	});

	it('is read once per context and item, by its type', async () => {
		const { context, getCredentials } = contextReading({ token: 'a' }, { token: 'b' });
		await expect(credentialsOf(context, 0)).resolves.toEqual({ token: 'a' });
		await expect(credentialsOf(context, 0)).resolves.toEqual({ token: 'a' });
		await expect(credentialsOf(context, 1)).resolves.toEqual({ token: 'b' });
		expect(getCredentials.mock.calls).toEqual([
			[CREDENTIAL_TYPE, 0],
			[CREDENTIAL_TYPE, 1],
		]);
	});

	it('does not keep a failed read: the next request reads it again', async () => {
		const { context, getCredentials } = contextReading(new Error('no credential'), { token: 'c' });
		await expect(credentialsOf(context, undefined)).rejects.toThrow('no credential');
		await expect(credentialsOf(context, undefined)).resolves.toEqual({ token: 'c' });
		expect(getCredentials).toHaveBeenCalledTimes(2);
	});

	it('goes over the REST API with a token (and a credential saved before Authentication existed), not with the username and password', async () => {
		await expect(servedByRestApi(contextReading({ authentication: 'token' }).context)).resolves.toBe(true);
		await expect(servedByRestApi(contextReading({}).context)).resolves.toBe(true);
		await expect(servedByRestApi(contextReading({ authentication: 'legacy' }).context)).resolves.toBe(false);
	});
});
