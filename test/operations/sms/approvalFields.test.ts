/**
 * The parameters of SMS → Send and Wait for Approval (actions/sms/approvalFields.ts), as n8n-workflow
 * reads them (NodeHelpers: the defaults it fills in, what it shows): the names and values n8n's own
 * Send and Wait operations have (nodes-base utils/sendAndWait), the form fields only for Custom Form,
 * the buttons only for Approval, the form's texts in Options only for a form, and Options holding
 * only the send options an approval SMS takes beside its own, sorted as n8n lists them.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { approvalProperties } from '../../../nodes/Smsapi/actions/sms/approvalFields';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const property = (name: string, within: INodeProperties[] = approvalProperties) => {
	const found = within.find((candidate) => candidate.name === name);
	if (!found) throw new Error(`no parameter ${name}`);
	return found;
};
/** The fields of a fixedCollection's one group of values. */
const valuesOf = (collection: INodeProperties) => (collection.options as Array<{ values: INodeProperties[] }>)[0].values;
const choices = (parameter: INodeProperties) => (parameter.options as Array<{ value: string }>).map((option) => option.value);
const options = () => property('options').options as INodeProperties[];

/** The parameters n8n keeps for the node, its defaults filled in (what a saved workflow holds). */
const resolved = (values: INodeParameters) => NodeHelpers.getNodeParameters(approvalProperties, values, true, false, null, null) ?? {};

describe('Send and Wait for Approval: the parameters', () => {
	it("keeps the names and values of n8n's own Send and Wait operations", () => {
		expect(property('message').required).toBe(true);
		expect(choices(property('responseType'))).toEqual(['approval', 'freeText', 'customForm']);
		const buttons = valuesOf(property('approvalOptions'));
		expect(buttons.map((field) => field.name)).toEqual(['approvalType', 'approveLabel', 'disapproveLabel']);
		expect(choices(property('approvalType', buttons))).toEqual(['single', 'double']);
		expect(valuesOf(property('formFields')).map((field) => field.name)).toEqual(['fieldLabel', 'fieldType', 'fieldOptions', 'placeholder', 'requiredField']);
		const limit = valuesOf(property('limitWaitTime', options()));
		expect(limit.map((field) => field.name)).toEqual(['limitType', 'resumeAmount', 'resumeUnit', 'maxDateAndTime']);
		expect([choices(property('limitType', limit)), choices(property('resumeUnit', limit))]).toEqual([
			['afterTimeInterval', 'atSpecifiedTime'],
			['minutes', 'hours', 'days'],
		]);
	});

	it('n8n fills in Approval with Approve Only by default; the form fields stay out until Custom Form', () => {
		const approval = resolved({ to: '48500000001', message: 'Approve the order?' });
		expect(approval.responseType).toBe('approval');
		expect(approval).toHaveProperty('approvalOptions');
		expect(approval).not.toHaveProperty('formFields');
		const form = resolved({ to: '48500000001', message: 'Your name?', responseType: 'customForm' });
		expect(form).toHaveProperty('formFields');
		expect(form).not.toHaveProperty('approvalOptions');
		expect(resolved({ to: '48500000001', message: 'Why?', responseType: 'freeText' })).not.toHaveProperty('approvalOptions');
	});

	it("shows Decline's label only with Approve and Disapprove, a dropdown's choices only for a dropdown, no placeholder for a date", () => {
		const buttons = valuesOf(property('approvalOptions'));
		const decline = property('disapproveLabel', buttons);
		expect([NodeHelpers.displayParameter({ approvalType: 'single' }, decline, null, null), NodeHelpers.displayParameter({ approvalType: 'double' }, decline, null, null)]).toEqual([false, true]);
		const fields = valuesOf(property('formFields'));
		const shown = (fieldType: string) => fields.filter((field) => NodeHelpers.displayParameter({ fieldType }, field, null, null)).map((field) => field.name);
		expect(shown('dropdown')).toEqual(['fieldLabel', 'fieldType', 'fieldOptions', 'requiredField']);
		expect(shown('date')).toEqual(['fieldLabel', 'fieldType', 'requiredField']);
		expect(shown('text')).toEqual(['fieldLabel', 'fieldType', 'placeholder', 'requiredField']);
	});

	it("shows the form's description and button label in Options only for a page with a form", () => {
		const formOnly = ['responseFormDescription', 'responseFormButtonLabel'].map((name) => property(name, options()));
		const shownFor = (responseType: string) =>
			formOnly.filter((option) => NodeHelpers.displayParameter({}, option, null, null, { responseType })).map((option) => option.name);
		expect(shownFor('approval')).toEqual([]);
		expect(shownFor('freeText')).toEqual(['responseFormDescription', 'responseFormButtonLabel']);
		expect(shownFor('customForm')).toEqual(['responseFormDescription', 'responseFormButtonLabel']);
		expect(NodeHelpers.displayParameter({}, property('responseFormTitle', options()), null, null, { responseType: 'approval' })).toBe(true);
	});

	it('Options: of the send options only those an approval SMS takes, beside its own, sorted by name as n8n lists them', () => {
		const names = options().map((option) => option.name);
		expect([...names].sort()).toEqual(['fast', 'from', 'limitWaitTime', 'maxParts', 'normalize', 'responseFormButtonLabel', 'responseFormDescription', 'responseFormTitle', 'shortLink'].sort());
		const labels = options().map((option) => option.displayName);
		expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
		expect(property('shortLink', options()).default).toBe(true);
	});
});
