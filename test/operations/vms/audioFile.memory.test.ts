/**
 * Voice Message → Send from binary data holds only the audio of the requests in flight (issue 40,
 * finding 7): each item's file is read and checked once before anything is sent, then read again
 * when its request is built and dropped once that request is answered. Before, a run held every
 * item's audio until its requests had gone out (40 items of 2 MiB: +160 MiB).
 *
 * The node runs in n8n-core's ExecuteContext (support/run-node.ts) against nock; n8n's
 * `getBinaryDataBuffer` hands out buffers the test keeps weak references to, and when a request
 * arrives it collects garbage and counts how many of them are still alive.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import type { IBinaryKeyData } from 'n8n-workflow';

import { Smsapi } from '../../../nodes/Smsapi/Smsapi.node';
import { parseMultipart } from '../../emulator/multipart';
import { wavFile } from '../../support/wav';
import { type WireRequest, mockService, nodeContext, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
/** The audio buffers n8n handed to the node, by weak reference: counted while alive. */
const handedOut: Array<WeakRef<Buffer>> = [];
const aliveNow = () => {
	collectGarbage();
	return handedOut.filter((reference) => reference.deref() !== undefined).length;
};

const ITEMS = 16;
/** The requests at whose arrival the buffers are counted (each count collects garbage: a few hundred ms). */
const COUNTED = new Set([1, 2, ITEMS / 2, ITEMS]);
const PARALLEL = 2;
const files = Array.from({ length: ITEMS }, (_, i) => wavFile({ samples: 4000, hz: 300 + 10 * i }));
const binary = (data: Buffer): IBinaryKeyData => ({ data: { data: data.toString('base64'), mimeType: 'audio/wav', fileName: 'a.wav' } });

function answer(request: WireRequest): [number, unknown] {
	const parsed = parseMultipart(request.raw, String(request.headers['content-type']));
	if ('error' in parsed) throw new Error(parsed.error);
	return [200, { count: 1, list: [{ id: 'v1', points: 0.21, number: parsed.fields.to, submitted_number: parsed.fields.to, status: 'QUEUE', idx: parsed.fields.idx }] }];
}

describe('vms.send from binary data: the audio of the requests in flight only', () => {
	it(`${ITEMS} items with different files, ${PARALLEL} requests at a time: at most ${PARALLEL} files held when a request arrives, each sent exactly`, async () => {
		const alive: number[] = [];
		const sent: Buffer[] = [];
		mockService().on('POST', '/vms.do', (request) => {
			if (COUNTED.has(sent.length + 1)) alive.push(aliveNow());
			const parsed = parseMultipart(request.raw, String(request.headers['content-type']));
			if (!('error' in parsed)) sent.push(parsed.files[0].data);
			return answer(request);
		});
		const context = nodeContext({
			parameters: Array.from({ length: ITEMS }, (_, i) => ({
				resource: 'vms',
				operation: 'send',
				to: `48500000${String(i).padStart(3, '0')}`,
				contentType: 'binary',
				options: { maxParallelRequests: PARALLEL },
			})),
			binaries: files.map(binary),
		});
		let reads = 0;
		context.helpers.getBinaryDataBuffer = async (itemIndex: number) => {
			reads++;
			const data = Buffer.from(files[itemIndex]);
			handedOut.push(new WeakRef(data));
			return data;
		};
		const [output] = await new Smsapi().execute.call(context);

		expect(output).toHaveLength(ITEMS);
		expect(sent).toHaveLength(ITEMS);
		expect(sent.every((data, i) => data.equals(files[i]))).toBe(true);
		// The bound: the requests in flight (one of them possibly being built), not the run.
		expect(Math.max(...alive)).toBeLessThanOrEqual(PARALLEL + 1);
		// Each file read to be checked before anything is sent, and again for its request.
		expect(reads).toBe(2 * ITEMS);
	}, 60_000);

	it('a file whose bytes differ when read for its request is not sent: the item says why', async () => {
		const service = mockService().on('POST', '/vms.do', answer);
		const context = nodeContext({
			parameters: [0, 1].map((i) => ({ resource: 'vms', operation: 'send', to: `4850000000${i}`, contentType: 'binary' })),
			binaries: [binary(files[0]), binary(files[1])],
			continueOnFail: true,
		});
		const reads = [0, 0];
		context.helpers.getBinaryDataBuffer = async (itemIndex: number) => {
			reads[itemIndex]++;
			return itemIndex === 0 && reads[0] > 1 ? Buffer.from(files[2]) : Buffer.from(files[itemIndex]);
		};
		const [output] = await new Smsapi().execute.call(context);
		expect(output.map((item) => item.json.error ?? item.json.number)).toEqual(['The audio file changed after it was checked', '48500000001']);
		expect(service.calls).toHaveLength(1);
	});
});
