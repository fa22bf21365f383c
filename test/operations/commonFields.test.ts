/**
 * The fields several operations share (actions/commonFields.ts): Options, Additional Fields and
 * Update Fields named as n8n's own nodes name them, their options sorted by display name as n8n's
 * lint rules want; the required Name of a new record, a phone number with its prefix, a password
 * masked in the editor; an update that changes nothing refused before anything is sent.
 */
import { additionalFieldsCollection, byDisplayName, newNameField, optionsCollection, passwordInput, phoneNumberInput, requireChanges, updateFieldsCollection } from '../../nodes/Smsapi/actions/commonFields';
import { nodeContext, useMockedNetwork } from './support/run-node';

useMockedNetwork();

const field = (displayName: string) => ({ displayName, name: displayName.toLowerCase(), type: 'string' as const, default: '' });

describe('shared fields', () => {
	it("names the collections as n8n's own nodes do", () => {
		expect(optionsCollection([field('A')])).toEqual({ displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add option', default: {}, options: [field('A')] });
		expect(additionalFieldsCollection([])).toMatchObject({ displayName: 'Additional Fields', name: 'additionalFields', placeholder: 'Add Field' });
		expect(updateFieldsCollection([])).toMatchObject({ displayName: 'Update Fields', name: 'updateFields', placeholder: 'Add Field' });
	});

	it('sorts fields by display name without changing the list it is given', () => {
		const fields = [field('Sender'), field('Date'), field('Max Parallel Requests')];
		expect(byDisplayName(fields).map((entry) => entry.displayName)).toEqual(['Date', 'Max Parallel Requests', 'Sender']);
		expect(fields[0].displayName).toBe('Sender');
	});

	it('gives the required Name, the phone number and a masked password', () => {
		expect(newNameField('e.g. VIP', 'The group name')).toMatchObject({ name: 'name', required: true, placeholder: 'e.g. VIP', description: 'The group name' });
		expect(phoneNumberInput('The number')).toMatchObject({ name: 'phoneNumber', required: true, placeholder: 'e.g. 48500000000' });
		expect(passwordInput('Password', 'password', 'Its password')).toMatchObject({ name: 'password', typeOptions: { password: true } });
	});

	it('refuses an update that changes nothing, before anything is sent', () => {
		const context = nodeContext({ parameters: { resource: 'template', operation: 'update' } });
		expect(() => requireChanges.call(context, {}, 2)).toThrow('Add at least one field to update');
		expect(() => requireChanges.call(context, [], 0)).toThrow('Add at least one field to update');
		expect(() => requireChanges.call(context, { name: 'x' }, 0)).not.toThrow();
		expect(() => requireChanges.call(context, ['name'], 0)).not.toThrow();
	});
});
