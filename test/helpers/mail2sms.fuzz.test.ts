/**
 * The e-mail gateway body: what the node composes (nodes/Smsapi/helpers/mail2sms.ts) is read back
 * by the emulator's gateway parser (test/emulator/mime.ts, which reads as the vendor documents:
 * everything after `message=` is text) as exactly the parameters sent, whenever the node's
 * ambiguity check lets it through; and both stay linear on the largest bodies.
 */
import { ambiguousValues, gatewayBody } from '../../nodes/Smsapi/helpers/mail2sms';
import { parseGatewayBody } from '../emulator/mime';
import { DIGITS, forEachCase, fuzzSeed, PRINTABLE, type Random, timeMs, fuzzCases } from '../support/random';

const SEED = fuzzSeed(15_3);
/** Pieces that look like gateway syntax, mixed into values. */
const TRICKY = ['&', '=', '\n', '\r\n', ' ', '\t', 'to=', '&to=', '\nidx=', 'message=', '&message=', 'raport=1', '|', 'ż', '€'];

function value(random: Random, maxPieces: number): string {
	let out = '';
	const pieces = random.int(1, maxPieces);
	for (let i = 0; i < pieces; i++) out += random.bool(0.4) ? random.pick(TRICKY) : random.string(random.int(1, 6), PRINTABLE);
	return out;
}

describe('mail2sms body: composed by the node, read by the gateway', () => {
	test('the gateway reads back exactly what was sent whenever the node lets it through (3,000 cases)', () => {
		let checked = 0;
		forEachCase(SEED, 3000, (random) => {
			const wire: Record<string, string> = { to: random.string(random.int(9, 11), DIGITS) };
			if (random.bool()) wire.from = random.string(random.int(3, 11), 'ABCDEFGHIJKLMNOPQRSTUVWXYZabc');
			for (const name of ['idx', 'param1', 'param2', 'notify_url'] as const) if (random.bool(0.3)) wire[name] = value(random, 4);
			if (random.bool(0.3)) wire.fast = random.pick(['0', '1']);
			if (random.bool(0.9)) wire.message = value(random, 12);
			const raport = random.bool(0.3);
			if (ambiguousValues(wire).length > 0) return;
			// Mail carries line ends as CRLF either way, and the gateway drops trailing whitespace of values
			// (the mail's own line ends); leading whitespace is kept.
			const expected = Object.fromEntries(
				Object.entries({ ...wire, ...(raport ? { raport: '1' } : {}) }).map(([k, v]) => [k, v.replace(/\r\n/g, '\n').trimEnd()]),
			);
			const parsed = parseGatewayBody(gatewayBody(wire, raport));
			expect(parsed).toEqual(expected);
			checked += 1;
		});
		expect(checked).toBeGreaterThan(fuzzCases(1500));
	});

	test('composing, checking and reading the largest bodies stays linear', () => {
		const big = (unit: string) => unit.repeat(Math.ceil(200_000 / unit.length));
		for (const unit of ['\n', '&', ' \t', '\n to', '&message', 'message=\n', '=']) {
			const wire = { to: '48500000001', param1: big(unit), message: big(unit) };
			const ms = timeMs(() => {
				ambiguousValues(wire);
				parseGatewayBody(gatewayBody(wire, true));
			});
			// Linear: about 0.1-0.3 s here, 1.07 s once beside a full npm test; quadratic would take minutes
			// on 200,000 characters, so the bound only has to stay far below that.
			expect(ms).toBeLessThan(10_000);
		}
	});
});
