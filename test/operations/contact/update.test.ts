/**
 * Contact → Update against a mocked service (nock): the changed fields PUT form-encoded to
 * /contacts/{id} (resource locator, list or id mode), Group Names or IDs making the groups exactly
 * those chosen, an empty choice leaving them as they are (issue 29), Remove From All Groups, nothing
 * to update and an id not of its kind refused before any request, an unknown id in words; phone
 * numbers as people type them, cleaned or refused. Custom Fields: customFields.create.test.ts; in
 * n8n's engine, after Create: create.engine.test.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { GROUPS, contact, groupsService } from '../support/contact-fixtures';
import { contactId, expectIdRefused, OBJECT_ID } from '../support/id-formats';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('contact.update', () => {
	it('PUTs the changed fields form-encoded to /contacts/{id} (resource locator, list or id mode)', async () => {
		const updated = { ...contact(1), city: 'Kraków' };
		const service = mockService().on('PUT', '/contacts/5b8000000000000000000001', () => [
			200,
			updated,
		]);
		const output = await runNode({
			parameters: [
				{
					resource: 'contact',
					operation: 'update',
					contactId: { __rl: true, mode: 'list', value: '5b8000000000000000000001' },
					updateFields: { city: 'Kraków', phoneNumber: '48500000009' },
				},
				{
					resource: 'contact',
					operation: 'update',
					contactId: { __rl: true, mode: 'id', value: '5b8000000000000000000001' },
					updateFields: { city: 'Kraków' },
				},
			],
		});
		expect(service.calls.map((call) => [call.method, call.path, call.body])).toEqual([
			[
				'PUT',
				'/contacts/5b8000000000000000000001',
				{ city: 'Kraków', phone_number: '48500000009' },
			],
			['PUT', '/contacts/5b8000000000000000000001', { city: 'Kraków' }],
		]);
		expect(output[0]).toEqual({ json: updated, pairedItem: { item: 0 } });
		expect(output[1].pairedItem).toEqual({ item: 1 });
	});

	it('Group Names or IDs makes the groups exactly those chosen: leaves the others, joins the missing', async () => {
		const id = contact(1).id;
		const inVip = { ...contact(1), groups: [GROUPS[0]] };
		const service = groupsService()
			.on('GET', `/contacts/${id}`, () => [200, inVip])
			.on('PUT', `/contacts/${id}`, () => [200, { ...inVip, city: 'Kraków' }])
			.on('DELETE', `/contacts/${id}/groups/${GROUPS[0].id}`, () => [204, ''])
			.on('PUT', `/contacts/${id}/groups/${GROUPS[1].id}`, () => [
				201,
				{ size: 1, collection: [GROUPS[1]] },
			]);
		const onlyGroups = await runNode({
			parameters: {
				resource: 'contact',
				operation: 'update',
				contactId: { __rl: true, mode: 'id', value: id },
				updateFields: { groups: [GROUPS[1].id] },
			},
		});
		expect(service.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
			'GET /contacts/groups',
			`GET /contacts/${id}`,
			`DELETE /contacts/${id}/groups/${GROUPS[0].id}`,
			`PUT /contacts/${id}/groups/${GROUPS[1].id}`,
		]);
		expect(onlyGroups[0].json.groups).toEqual([GROUPS[1]]);
	});

	describe('an empty Group Names or IDs leaves the groups as they are (issue 29)', () => {
		const id = contact(1).id;
		const inBoth = { ...contact(1), groups: GROUPS };
		const update = (updateFields: INodeParameters): INodeParameters => ({
			resource: 'contact',
			operation: 'update',
			contactId: { __rl: true, mode: 'id', value: id },
			updateFields,
		});
		const service = () =>
			groupsService()
				.on('GET', `/contacts/${id}`, () => [200, inBoth])
				.on('PUT', `/contacts/${id}`, () => [200, { ...inBoth, city: 'Kraków' }])
				.on('DELETE', `/contacts/${id}/groups/${GROUPS[0].id}`, () => [204, ''])
				.on('DELETE', `/contacts/${id}/groups/${GROUPS[1].id}`, () => [204, '']);

		it('none chosen, or an expression that gives nothing: no membership is touched', async () => {
			const calls = service().calls;
			const noneChosen = await runNode({ parameters: update({ city: 'Kraków', groups: [] }) });
			const fromData = await runNode({
				parameters: update({ groups: '={{ $json.groups }}' }),
				items: [{ groups: [] }, { groups: '' }, {}],
			});
			expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
				`PUT /contacts/${id}`,
				`GET /contacts/${id}`,
				`GET /contacts/${id}`,
				`GET /contacts/${id}`,
			]);
			expect([...noneChosen, ...fromData].map((item) => item.json.groups)).toEqual([
				GROUPS,
				GROUPS,
				GROUPS,
				GROUPS,
			]);
		});

		it('Remove From All Groups takes the contact out of every group; the contact stays', async () => {
			const calls = service().calls;
			const output = await runNode({ parameters: update({ removeFromAllGroups: true }) });
			expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
				`GET /contacts/${id}`,
				`DELETE /contacts/${id}/groups/${GROUPS[0].id}`,
				`DELETE /contacts/${id}/groups/${GROUPS[1].id}`,
			]);
			expect(output[0].json).toMatchObject({ id, groups: [] });
		});

		it('Remove From All Groups with groups chosen is refused before any request', async () => {
			const calls = service().calls;
			const error = await failure(
				runNode({ parameters: update({ removeFromAllGroups: true, groups: [GROUPS[0].id] }) }),
			);
			expect(error.message).toBe(
				'Remove From All Groups cannot be combined with Group Names or IDs',
			);
			expect(calls).toEqual([]);
		});
	});

	it('no field to update is refused before any request', async () => {
		const service = mockService().on('PUT', '/contacts/5b80000000000000000000ab', () => [200, {}]);
		await expect(
			runNode({
				parameters: {
					resource: 'contact',
					operation: 'update',
					contactId: { __rl: true, mode: 'id', value: '5b80000000000000000000ab' },
				},
			}),
		).rejects.toThrow('Add at least one field to update');
		expect(service.calls).toHaveLength(0);
	});

	it('an unknown id gives the service error in words', async () => {
		mockService().on('PUT', '/contacts/ffffffffffffffffffffffff', () => [
			404,
			{ message: 'Contact not found', error: 'not_found' },
		]);
		await expect(
			runNode({
				parameters: {
					resource: 'contact',
					operation: 'update',
					contactId: { __rl: true, mode: 'id', value: 'ffffffffffffffffffffffff' },
					updateFields: { city: 'X' },
				},
			}),
		).rejects.toThrow('SMSAPI error not_found: no such resource. Check the id.');
	});

	it('an id that is no contact id ("trash") is refused before any request', () =>
		expectIdRefused(
			{ resource: 'contact', operation: 'update', contactId: contactId('trash'), updateFields: { city: 'X' } },
			'contactId: "trash"',
			OBJECT_ID,
		));
});

describe('contact.update: phone numbers as people type them', () => {
	it('sends a typed 0048 number cleaned as well', async () => {
		const service = mockService().on('PUT', '/contacts/5b80000000000000000000ab', () => [200, contact(1)]);
		await runNode({
			parameters: {
				resource: 'contact',
				operation: 'update',
				contactId: { __rl: true, mode: 'id', value: '5b80000000000000000000ab' },
				updateFields: { phoneNumber: '0048 (500) 000 009' },
			},
		});
		expect(service.calls.map((call) => call.body)).toEqual([{ phone_number: '48500000009' }]);
	});

	it('a number with letters is refused before any request', async () => {
		const service = mockService().on('PUT', '/contacts/5b80000000000000000000ab', () => [200, contact(1)]);
		const updated = runNode({
			parameters: {
				resource: 'contact',
				operation: 'update',
				contactId: { __rl: true, mode: 'id', value: '5b80000000000000000000ab' },
				updateFields: { phoneNumber: 'call me' },
			},
		});
		await expect(updated).rejects.toThrow(/^Phone number "call me" contains "c"/);
		await expect(updated).rejects.toMatchObject({
			description: expect.stringMatching(/^Nothing was changed\./),
		});
		expect(service.calls).toEqual([]);
	});
});
