/**
 * Fuzzing the voice upload's multipart/form-data body (transport/multipart.ts `encodeMultipart`,
 * with the username/password login added by the credential's `authenticate`,
 * credentials/SmsapiApiHelpers.ts) against a parser that is not ours: Node.js's own `fetch`
 * (undici), `Response.formData()`, which follows the fetch standard's multipart/form-data parser.
 * Seeded, 300 cases. Asserts: every field reads back exactly, in order, the login among them and
 * never in the query; there is exactly one file part, and its name, filename, type and bytes read
 * back exactly.
 */
import { createHash } from 'node:crypto';

import type { IHttpRequestOptions } from 'n8n-workflow';

import { applySmsapiAuthentication } from '../../credentials/SmsapiApiHelpers';
import { encodeMultipart, multipartContentType } from '../../nodes/Smsapi/transport/multipart';
import { Random, fuzzSeed, fuzzCases } from '../support/random';

const SEED = fuzzSeed(20_261_127);
const CASES = fuzzCases(300);

/** Text the encoder writes as UTF-8: lone surrogates would become U+FFFD, so none are drawn. */
const wellFormed = (text: string) => text.replace(/[\ud800-\udfff]/g, '');
/**
 * Names and filenames: a `"`, CR or LF goes out as %22, %0D, %0A (transport/multipart.ts, as browsers
 * do) and the fetch standard's parser reads those back; a literal `%` is left out, since a name that
 * holds "%22" itself would read back as `"` in any such parser.
 */
const NAME_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-[].:;,"\\ éż中';
const withoutPercent = (text: string) => text.replace(/%/g, '');
/** What a file part's bytes may hold that a naive parser trips over. */
const TRICKY_BYTES = ['\r\n', '\r\n--', '--', '\r\n\r\n', '----n8nSmsapiBoundary', 'Content-Disposition: form-data; name="x"', '\u0000', '\xff\xfe'];

function fieldsOf(random: Random): Record<string, string> {
	const fields: Record<string, string> = {};
	const count = random.int(0, 8);
	for (let i = 0; i < count; i++) {
		const name = random.string(random.int(1, 12), NAME_ALPHABET);
		if (name === 'username' || name === 'password') continue;
		fields[name] = random.bool(0.1) ? random.string(random.int(0, 5000)) : wellFormed(random.nasty(60));
	}
	return fields;
}

function fileBytes(random: Random): Buffer {
	const chunks: Buffer[] = [];
	const count = random.int(0, 20);
	for (let i = 0; i < count; i++) {
		if (random.bool(0.3)) chunks.push(Buffer.from(random.pick(TRICKY_BYTES), 'latin1'));
		else chunks.push(Buffer.from(Array.from({ length: random.int(0, 800) }, () => random.int(0, 255))));
	}
	return Buffer.concat(chunks);
}

/** The md5 the earlier variant's login sends (a 32-hex password is taken as hashed already). */
const md5Of = (password: string) =>
	/^[0-9a-f]{32}$/i.test(password) ? password.toLowerCase() : createHash('md5').update(password).digest('hex');

function check(ok: boolean, what: string, ...values: unknown[]): void {
	if (!ok) throw new Error(`${what}: ${JSON.stringify(values).slice(0, 500)}`);
}

async function oneCase(random: Random): Promise<void> {
	const fields = fieldsOf(random);
	const data = fileBytes(random);
	const file = {
		field: random.pick(['file', 'audio', 'f']),
		filename: withoutPercent(wellFormed(random.pick(['vms.wav', random.nasty(20)]))),
		contentType: random.pick(['audio/wav', 'application/octet-stream', 'audio/x-wav']),
		data,
	};
	const boundary = `----n8nSmsapiBoundary${random.string(32, '0123456789abcdef')}`;
	let request: IHttpRequestOptions = {
		url: 'https://api.smsapi.com/vms.do',
		method: 'POST',
		headers: { 'Content-Type': multipartContentType(boundary) },
		body: encodeMultipart(fields, file, boundary),
	};
	const legacy = random.bool(0.5);
	const username = wellFormed(random.bool(0.5) ? random.string(random.int(1, 20), NAME_ALPHABET) : random.nasty(20)).trim() || 'acme';
	const password = random.nasty(20);
	if (legacy) request = applySmsapiAuthentication({ authentication: 'legacy', username, password }, request);

	const form = await new Response(request.body as Buffer, { headers: { 'content-type': multipartContentType(boundary) } }).formData();
	const texts: Array<[string, string]> = [];
	const files: Array<[string, File]> = [];
	for (const [name, value] of form.entries()) {
		if (typeof value === 'string') texts.push([name, value]);
		else files.push([name, value as File]);
	}
	const login: Array<[string, string]> = legacy ? [['username', username], ['password', md5Of(password)]] : [];
	const expected = [...login, ...Object.entries(fields)];
	check(JSON.stringify(texts) === JSON.stringify(expected), 'the fields read back exactly, in order', expected, texts);
	check(files.length === 1, 'exactly one file part', files.length);
	const [[name, part]] = files;
	check(name === file.field && part.name === file.filename && part.type === file.contentType, 'the file part names itself', [name, part.name, part.type], file);
	check(Buffer.from(await part.arrayBuffer()).equals(data), 'the file bytes read back exactly', data.length);
	check(request.qs === undefined, 'nothing added to the query', request.qs);
	check(request.url === 'https://api.smsapi.com/vms.do', 'the URL unchanged', request.url);
}

describe('fuzz: the multipart body of a voice upload through a real parser (Node.js fetch)', () => {
	it(`${CASES} seeded bodies: fields and file bytes exactly, one file part, the legacy login as body parts`, async () => {
		for (let index = 0; index < CASES; index++) {
			const random = new Random((SEED * 1_000_003 + index) >>> 0);
			try {
				await oneCase(random);
			} catch (error) {
				throw new Error(`fuzz case ${index} (seed ${SEED}) failed: ${error instanceof Error ? error.message : String(error)}`);
			}
		}
	});
});
