/**
 * Template fields (actions/template/fields.ts): the fields in the service's names (the name
 * trimmed, empty ones left out, Normalize a flag as it is), and the record by id at
 * `sms/templates/{id}`, never the list of available ones beside it.
 */
import { normalizeField, templateRecord, templateTextField, toTemplateParameters } from '../../../nodes/Smsapi/actions/template/fields';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('template fields', () => {
	it("puts the fields in the service's names", () => {
		expect(toTemplateParameters({ name: ' Shipped ', template: 'Hello [%1%] ', normalize: false, other: 'x' })).toEqual({ name: 'Shipped', template: 'Hello [%1%] ', normalize: false });
		expect(toTemplateParameters({ name: '', template: undefined })).toEqual({});
	});

	it('names the fields as the service does, Param 1–4 in the text', () => {
		expect([normalizeField.name, templateTextField.name]).toEqual(['normalize', 'template']);
		expect(templateTextField.description).toContain('[%1%] to [%4%]');
	});

	it('reaches a template by its id, never sms/templates/available', () => {
		expect(templateRecord.path('abc123')).toBe('sms/templates/abc123');
		expect(() => templateRecord.path('available')).toThrow('Not a valid ID in templateId');
	});
});
