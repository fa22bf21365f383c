/**
 * The output of the Code nodes of the test/e2e fixtures, pinned in-process (n8n 2.x runs Code
 * in its task-runner process, which the harness does not start): each list is what the node's
 * `jsCode` in the fixture returns, keyed by the fixture and the Code node's name.
 */
import type { IDataObject } from 'n8n-workflow';

const phones = (...numbers: string[]): IDataObject[] => numbers.map((phone) => ({ phone }));

/** sms-batch-same and sms-batch-personalised, node "Customers": 1,000 customers. */
export const thousandCustomers = (): IDataObject[] =>
	Array.from({ length: 1000 }, (_, i) => ({ i, phone: String(48500100000 + i) }));

export const CODE_NODE_OUTPUT: Record<string, Record<string, () => IDataObject[]>> = {
	'sms-send-personalised': {
		Customers: () => [
			{ name: 'Anna', phone: '48500000001', order: 'A-1' },
			{ name: 'Jan', phone: '48500000002', order: 'A-2' },
			{ name: 'Piotr', phone: '48500000003', order: 'A-3' },
		],
	},
	'sms-send-invalid-continue': { Recipients: () => phones('48500000021', '48123456789', '48500000023') },
	'sms-send-invalid-stop': { Recipients: () => phones('48500000021', '48123456789', '48500000023') },
	'sms-batch-same': { Customers: thousandCustomers },
	'sms-batch-personalised': { Customers: thousandCustomers },
	'sms-batch-own-idx': {
		Orders: () =>
			Array.from({ length: 5 }, (_, i) => ({ i, phone: String(48500200000 + i), order: `ord${7000 + i}` })),
	},
	'res-hlr-bad': { Numbers: () => phones('48500000001', '1234567', '48-ABC-000') },
};

/** The pinData a fixture needs in-process: its Code nodes' output (none for other fixtures). */
export function pinnedCodeOutput(fixture: string): Record<string, IDataObject[]> {
	return Object.fromEntries(Object.entries(CODE_NODE_OUTPUT[fixture] ?? {}).map(([node, items]) => [node, items()]));
}
