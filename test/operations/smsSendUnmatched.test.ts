/**
 * A send answer that lists a message belonging to no recipient of the request: the node keeps
 * its output to the recipients and says so in a warning instead of dropping the entry silently.
 */
import { logs } from '../support/n8n-context';
import { mockService, runNode, smsSend, useMockedNetwork } from './support/run-node';

useMockedNetwork();

describe('sms.send: answer entries that match no recipient', () => {
	it('are reported in a warning, and the recipient still gets its own output item', async () => {
		const service = mockService().on('POST', '/sms.do', (request) => {
			const idx = request.body.idx.split('|');
			const entry = (number: string, id: string, entryIdx: string | null) => ({
				id,
				points: '0.165',
				number,
				date_sent: 1700000000,
				submitted_number: number,
				status: 'QUEUE',
				idx: entryIdx,
			});
			return [200, { count: 2, list: [entry('48500000000', 'id-1', idx[0]), entry('48777000000', 'id-extra', null)] }];
		});
		logs.length = 0;

		const output = await runNode({ parameters: smsSend('48500000000', 'Hello') });
		const warnings = logs.filter((line) => line.level === 'warn').map((line) => line.message);

		expect(service.calls).toHaveLength(1);
		expect(output.map((item) => item.json.id)).toEqual(['id-1']);
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toContain('1 message that match');
		expect(warnings[0]).toContain('48777000000 (id id-extra)');
	});
});
