/**
 * Opt-Out → Update Settings against a mocked service (nock): PUT /opt_outs/settings as JSON {brand},
 * the brand as typed (the published API trims nothing); token only. Issue 40, finding 8
 * ("Lengths"): the brand's published limit (`OptOutSettings.brand`, maxLength 255) counts
 * characters as JSON Schema's maxLength does (code points): an emoji is one character, and the
 * emulator counts as the node. In n8n's engine, in the chain that starts with Get Many:
 * getMany.engine.test.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { brandLength } from '../../emulator/conformance/rest-bodies';
import { expectTokenOnly } from '../support/legacy-login';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const TOKEN_ONLY = /^This operation needs an access token: SMSAPI's REST API \(\/opt_outs[^)]*\) does not accept the username and password login$/;
const EMOJI = '😀';
const brand = (value: string): INodeParameters => ({ resource: 'optOut', operation: 'updateSettings', brand: value });

describe('optOut.updateSettings', () => {
	it('PUTs {brand} as JSON, the brand as typed; a brand over 255 characters is refused before sending', async () => {
		const service = mockService().on('PUT', '/opt_outs/settings', (request) => [200, request.body]);
		const updated = await runNode({ parameters: { resource: 'optOut', operation: 'updateSettings', brand: ' My Shop ' } });
		expect(updated[0].json).toEqual({ brand: ' My Shop ' });
		expect(service.calls[0].headers['content-type']).toMatch(/^application\/json/);
		const error = await failure(runNode({ parameters: { resource: 'optOut', operation: 'updateSettings', brand: 'x'.repeat(256) } }));
		expect(error.message).toBe('The brand has 256 characters, more than the 255 the service takes');
		expect(service.calls).toHaveLength(1);
	});

	it('the username/password login is refused before anything is sent (the REST call takes only a token)', () =>
		expectTokenOnly({ resource: 'optOut', operation: 'updateSettings', brand: 'Shop' }, TOKEN_ONLY));
});

describe('optOut.updateSettings: the brand counted in characters (issue 40, finding 8)', () => {
	it('255 emoji are 255 characters: sent, as typed', async () => {
		const service = mockService().on('PUT', '/opt_outs/settings', (request) => [200, request.body]);
		await runNode({ parameters: brand(EMOJI.repeat(255)) });
		await runNode({ parameters: brand(` Shop ${EMOJI} `) });
		expect(service.calls.map((call) => call.body.brand)).toEqual([EMOJI.repeat(255), ` Shop ${EMOJI} `]);
	});

	it('256 characters are refused before sending, counted as characters', async () => {
		const service = mockService().on('PUT', '/opt_outs/settings', (request) => [200, request.body]);
		const error = await failure(runNode({ parameters: brand(`${'x'.repeat(255)}${EMOJI}`) }));
		expect(error.message).toBe('The brand has 256 characters, more than the 255 the service takes');
		expect(service.calls).toHaveLength(0);
	});

	it("the emulator's conformance check counts the same way", () => {
		expect(brandLength({ brand: EMOJI.repeat(255) })).toEqual([]);
		expect(brandLength({ brand: EMOJI.repeat(256) })).toHaveLength(1);
	});
});
