/**
 * The parameters of SMS → Send and Wait for Approval. Those n8n's own Send and Wait operations
 * have (nodes-base `utils/sendAndWait/utils.ts` and `descriptions.ts`) keep n8n's names and
 * values: `message`, `responseType` (`approval`, `freeText`, `customForm`), `approvalOptions`
 * (`approvalType` `single`/`double`, `approveLabel`, `disapproveLabel`), `formFields`, and in
 * Options `limitWaitTime` and `responseForm…`. n8n 2.x builds its "Human review" tool of the node
 * from them (n8n's `tool-generation/hitl-tools.ts`).
 */
import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../commonFields';
import { toField, withOwnOptions } from '../../send/fields';
import { sendOptions } from '../../send/sendOptions';

/** The service's send options an approval SMS takes. */
const SMS_OPTIONS = new Set(['fast', 'from', 'maxParts', 'normalize']);

const FORM_ONLY: INodeProperties['displayOptions'] = {
	show: { '/responseType': ['freeText', 'customForm'] },
};

/** Custom Form's fields, named as n8n's Form node names them (approval/formFields.ts reads them). */
const formFieldsProperty: INodeProperties = {
	displayName: 'Form Fields',
	name: 'formFields',
	placeholder: 'Add Form Field',
	type: 'fixedCollection',
	default: {},
	typeOptions: { multipleValues: true, sortable: true },
	description: 'The fields of the form the link opens',
	options: [
		{
			displayName: 'Values',
			name: 'values',
			values: [
				{
					displayName: 'Field Label',
					name: 'fieldLabel',
					type: 'string',
					default: '',
					placeholder: 'e.g. What is your name?',
					description: 'The label above the field, also the name of its value in the answer',
					required: true,
				},
				{
					displayName: 'Field Type',
					name: 'fieldType',
					type: 'options',
					default: 'text',
					description: 'The kind of value the field takes',
					options: [
						{ name: 'Date', value: 'date' },
						{ name: 'Dropdown List', value: 'dropdown' },
						{ name: 'Email', value: 'email' },
						{ name: 'Number', value: 'number' },
						{ name: 'Text', value: 'text' },
						{ name: 'Textarea', value: 'textarea' },
					],
				},
				{
					// After Field Type, on which it depends: n8n reads a field's display conditions in
					// this order (n8n-workflow's getNodeParameters), and before it the type is not set.
					displayName: 'List Options',
					name: 'fieldOptions',
					placeholder: 'Add Field Option',
					type: 'fixedCollection',
					default: { values: [{ option: '' }] },
					required: true,
					description: 'The choices of the dropdown list',
					displayOptions: { show: { fieldType: ['dropdown'] } },
					typeOptions: { multipleValues: true, sortable: true },
					options: [
						{
							displayName: 'Values',
							name: 'values',
							values: [
								{
									displayName: 'Option',
									name: 'option',
									type: 'string',
									default: '',
									description: 'One choice',
								},
							],
						},
					],
				},
				{
					displayName: 'Placeholder',
					name: 'placeholder',
					type: 'string',
					default: '',
					description: 'A sample value shown in the empty field',
					displayOptions: { hide: { fieldType: ['dropdown', 'date'] } },
				},
				{
					displayName: 'Required Field',
					name: 'requiredField',
					type: 'boolean',
					default: false,
					description: 'Whether the form can only be sent with this field filled in',
				},
			],
		},
	],
};

const limitWaitTime: INodeProperties = {
	displayName: 'Limit Wait Time',
	name: 'limitWaitTime',
	type: 'fixedCollection',
	description:
		'Whether the wait ends after a time without an answer; then one item with timedOut: true goes on. Without it the execution waits until someone answers.',
	default: { values: { limitType: 'afterTimeInterval', resumeAmount: 45, resumeUnit: 'minutes' } },
	options: [
		{
			displayName: 'Values',
			name: 'values',
			values: [
				{
					displayName: 'Limit Type',
					name: 'limitType',
					type: 'options',
					default: 'afterTimeInterval',
					description: 'How the end of the wait is given',
					options: [
						{ name: 'After Time Interval', value: 'afterTimeInterval' },
						{ name: 'At Specified Time', value: 'atSpecifiedTime' },
					],
				},
				{
					displayName: 'Amount',
					name: 'resumeAmount',
					type: 'number',
					displayOptions: { show: { limitType: ['afterTimeInterval'] } },
					typeOptions: { minValue: 0, numberPrecision: 2 },
					default: 1,
					description: 'How long to wait, counted from the send',
				},
				{
					displayName: 'Unit',
					name: 'resumeUnit',
					type: 'options',
					displayOptions: { show: { limitType: ['afterTimeInterval'] } },
					options: [
						{ name: 'Minutes', value: 'minutes' },
						{ name: 'Hours', value: 'hours' },
						{ name: 'Days', value: 'days' },
					],
					default: 'hours',
					description: 'The unit of Amount',
				},
				{
					displayName: 'Max Date and Time',
					name: 'maxDateAndTime',
					type: 'dateTime',
					displayOptions: { show: { limitType: ['atSpecifiedTime'] } },
					default: '',
					description: 'When the wait ends',
				},
			],
		},
	],
};

const ownOptions: INodeProperties[] = [
	limitWaitTime,
	{
		displayName: 'Shorten Link',
		name: 'shortLink',
		type: 'boolean',
		default: true,
		description:
			"Whether the answer link goes through the service's short links (about 20 characters instead of about 190; the SMS then fits in one or two parts). It expires an hour after the wait. Needs a token credential.",
	},
	{
		displayName: 'Response Form Title',
		name: 'responseFormTitle',
		type: 'string',
		default: '',
		description: 'The heading of the page the link opens',
	},
	{
		displayName: 'Response Form Description',
		name: 'responseFormDescription',
		type: 'string',
		default: '',
		description: 'The text under the heading of the form. Empty: the message.',
		displayOptions: FORM_ONLY,
	},
	{
		displayName: 'Response Form Button Label',
		name: 'responseFormButtonLabel',
		type: 'string',
		default: 'Submit',
		description: 'The label of the button that sends the form',
		displayOptions: FORM_ONLY,
	},
];

export const approvalProperties: INodeProperties[] = [
	{
		...toField,
		placeholder: '48500000000',
		description:
			'The phone number to ask, with its country prefix. One number: the first answer decides.',
	},
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		description:
			'The question. The answer link follows it on a new line; the checks count the parts of both. Service macros ([%…%]) in it are made inert.',
	},
	{
		displayName: 'Response Type',
		name: 'responseType',
		type: 'options',
		default: 'approval',
		options: [
			{
				name: 'Approval',
				value: 'approval',
				description: 'The link opens a page with Approve (and Decline) buttons',
			},
			{
				name: 'Free Text',
				value: 'freeText',
				description: 'The link opens a page with a text field',
			},
			{
				name: 'Custom Form',
				value: 'customForm',
				description: 'The link opens a page with the form fields defined here',
			},
		],
	},
	{ ...formFieldsProperty, displayOptions: { show: { responseType: ['customForm'] } } },
	{
		displayName: 'Approval Options',
		name: 'approvalOptions',
		type: 'fixedCollection',
		placeholder: 'Add option',
		default: {},
		description: 'The buttons of the page',
		displayOptions: { show: { responseType: ['approval'] } },
		options: [
			{
				displayName: 'Values',
				name: 'values',
				values: [
					{
						displayName: 'Type of Approval',
						name: 'approvalType',
						type: 'options',
						default: 'single',
						description: 'Whether the page offers Decline too',
						options: [
							{ name: 'Approve Only', value: 'single' },
							{ name: 'Approve and Disapprove', value: 'double' },
						],
					},
					{
						displayName: 'Approve Button Label',
						name: 'approveLabel',
						type: 'string',
						default: 'Approve',
						description: 'The label of the button that approves',
					},
					{
						displayName: 'Disapprove Button Label',
						name: 'disapproveLabel',
						type: 'string',
						default: 'Decline',
						description: 'The label of the button that declines',
						displayOptions: { show: { approvalType: ['double'] } },
					},
				],
			},
		],
	},
	{
		displayName:
			'The execution waits here until the person answers on the page the link opens (opening it answers nothing: only its button does), or until Limit Wait Time runs out (timedOut: true). Then one item leaves the node: branch on "data.approved" with an IF node.',
		name: 'approvalNotice',
		type: 'notice',
		default: '',
	},
	optionsCollection(
		withOwnOptions(
			sendOptions.filter((option) => SMS_OPTIONS.has(option.name)),
			ownOptions,
		),
	),
];
