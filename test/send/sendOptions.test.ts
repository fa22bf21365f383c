/**
 * The service's send parameters as options (send/sendOptions.ts): each option but the node's own
 * (Batching) is the camelCase of a service parameter, its description names that parameter, and an
 * item's Options parsed into a send (send/parameters.ts, request.ts) set exactly it; no option twice.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { parseSendOptions } from '../../nodes/Smsapi/send/request';
import { sendOptions } from '../../nodes/Smsapi/send/sendOptions';

const NODE_OWN = ['batching'];
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
/** A value the option takes that is not empty. */
function sample(option: INodeProperties): IDataObject[string] {
	if (option.type === 'boolean') return true;
	if (option.type === 'number') return 3;
	if (option.type === 'dateTime') return '2030-01-31T10:00:00Z';
	// A dropdown the service fills (sender names, templates) has no list of its own: any name.
	if (option.type === 'options' && option.options) return (option.options as Array<{ value: string }>).map((choice) => choice.value).find((value) => value !== '');
	return 'x';
}

describe('the send options', () => {
	const service = sendOptions.filter((option) => !NODE_OWN.includes(option.name));

	it('has each option once', () => {
		const names = sendOptions.map((option) => option.name);
		expect(new Set(names).size).toBe(names.length);
		expect(service.length).toBeGreaterThan(20);
	});

	it.each(service.map((option) => [option.name, option]))('%s is the service parameter its description names, and sets exactly it', (name, option) => {
		const wire = snake(name as string);
		expect((option as INodeProperties).description?.toLowerCase()).toContain(wire);
		const request = parseSendOptions({ [name as string]: sample(option as INodeProperties) });
		// A date goes with date_validate=1 (send/parameters.ts); every other option sets itself alone.
		expect(request.order).toEqual(wire === 'date' ? ['date', 'date_validate'] : [wire]);
	});

	it("sets nothing for the node's own options", () => {
		expect(parseSendOptions({ batching: true, maxParallelRequests: 2, maxRecipientsPerItem: 5, neutralizeMacros: true, textsAsTemplate: true }).order).toEqual([]);
	});
});
