/**
 * Fuzzing what MMS → Send builds from user text (actions/mms/send.operation.ts `pictureSmil`):
 * seeded, 5,000 cases. Asserts: the picture address always stays inside its attribute (no `"` or
 * `<` escapes it) and reads back exactly. Nothing is sent (the network stays mocked all the same).
 */
import { pictureSmil } from '../../../nodes/Smsapi/actions/mms/send.operation';
import { forEachCase, fuzzSeed } from '../../support/random';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const SEED = fuzzSeed(20_261_123);

function check(ok: boolean, what: string, ...values: unknown[]): void {
	if (!ok) throw new Error(`${what}: ${JSON.stringify(values).slice(0, 500)}`);
}

const unescape = (value: string) => value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('fuzz: MMS picture SMIL', () => {
	it('the picture address never leaves its attribute and reads back unchanged', () => {
		forEachCase(SEED, 5000, (random) => {
			const url = `https://example.com/${random.bool(0.5) ? random.nasty(60) : random.string(random.int(0, 60))}`;
			const smil = pictureSmil(url);
			const match = /<img src="([^"<]*)" region="Image"\/><\/par><\/body><\/smil>$/.exec(smil);
			check(match !== null, 'the img element is intact', url, smil);
			check(unescape(match![1]) === url, 'the address reads back', url, match![1]);
			check(smil.split('<img').length === 2, 'one picture only', url);
		});
	});
});
