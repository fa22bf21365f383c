import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { validateNumber } from '../helpers/numbers';

/**
 * One phone number from a parameter, cleaned (spaces, dashes, a leading + or 00 removed) and
 * checked before anything is sent; a bad one is a clear error that says nothing was done.
 */
export function requiredPhoneNumber(
	this: IExecuteFunctions,
	parameterName: string,
	itemIndex: number,
): string {
	const value = this.getNodeParameter(parameterName, itemIndex, '') as string | number;
	const checked = validateNumber(String(value ?? ''));
	if (!checked.ok) {
		throw new NodeOperationError(this.getNode(), `Not a valid phone number: ${checked.reason}`, {
			itemIndex,
			description: 'Nothing was sent. Enter the number with its country prefix, e.g. 48500000000.',
		});
	}
	return checked.number;
}

const DAY = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/;

/**
 * A day as the service's `Date` fields take it (YYYY-MM-DD) from n8n's date picker, an ISO text
 * or a Luxon DateTime; undefined when empty, an error when it is not a date.
 */
export function toServiceDay(
	this: IExecuteFunctions,
	value: unknown,
	label: string,
	itemIndex: number,
): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const text =
		typeof value === 'object' && typeof (value as { toISO?: unknown }).toISO === 'function'
			? String((value as { toISO: () => string }).toISO())
			: value instanceof Date
				? value.toISOString()
				: String(value).trim();
	const match = DAY.exec(text);
	if (!match || Number.isNaN(Date.parse(match[1]))) {
		throw new NodeOperationError(this.getNode(), `${label} is not a date: "${text}"`, {
			itemIndex,
			description: 'Nothing was sent. Use the date picker, or a date such as 2025-01-31.',
		});
	}
	return match[1];
}
