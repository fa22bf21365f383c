/**
 * Issue 40, finding 5, as a property of the redaction (transport/errors/redact.ts): whatever the secrets a request carries (a sub-user's new
 * passwords; the check and n8n's signature in Send and Wait's report address), a REST 400 whose
 * field errors, message and developer description repeat them (as sent, decoded, percent-encoded,
 * JSON-escaped) gives an error that holds none of them anywhere: each string of its object graph
 * (message, description, context, cause, messages, httpCode, stack) and its JSON. Seeded, bounded:
 * each case one request through the real transport (n8n-core's request helper against nock).
 */
import type { IDataObject } from 'n8n-workflow';

import type { SmsapiRequest } from '../../../nodes/Smsapi/transport/types';
import { PRIMARY, tokenCredentials } from '../../support/n8n-context';
import { failure, run, serve, useServedHosts } from '../support/served-hosts';
import { allStrings, transportContext } from '../support/context';
import { PRINTABLE, Random, fuzzSeed, fuzzCases } from '../../support/random';

const SEED = fuzzSeed(20_261_127);
const CASES = fuzzCases(150);

useServedHosts();

/** Characters of a secret: printable ASCII (quotes, `&`, `=`, `%`, `+`, `\`), letters of other scripts, an emoji. */
const PIECES: readonly string[] = [...PRINTABLE, 'é', 'ł', '€', '中', '😀', 'ß'];

/** A secret of 8 to `max` characters; passwords may also hold a lone half of an emoji. */
function secret(random: Random, max: number, loneSurrogate = false): string {
	const pieces = loneSurrogate ? [...PIECES, '\ud83d'] : PIECES;
	let text = '';
	for (let i = random.int(8, max); i > 0; i--) text += random.pick(pieces);
	return text;
}

/** The forms a service could repeat a value in. */
function repeated(random: Random, value: string): string {
	return random.pick([
		value,
		encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '?')),
		new URLSearchParams({ v: value }).toString().slice(2),
		JSON.stringify(value).slice(1, -1),
	]);
}

/** A REST 400 (`Error` with `errors` of `ErrorItem`) that repeats each value, in a random form, everywhere. */
function echo400(random: Random, values: Record<string, string>): [number, IDataObject] {
	const entries = Object.entries(values);
	return [
		400,
		{
			message: `Invalid: ${entries.map(([path, value]) => `${path} ${repeated(random, value)}`).join('; ')}`,
			error: 'invalid_domain_logic',
			developer_description: random.bool() ? JSON.stringify(values) : null,
			errors: entries.map(([path, value]) => ({
				message: `${random.pick(['Value', 'The value', ''])} "${repeated(random, value)}" is not valid`,
				error: 'invalid_param',
				path: random.bool(0.8) ? path : 'value',
				value: repeated(random, value),
			})),
		},
	];
}

interface Case {
	request: SmsapiRequest;
	method: 'post' | 'put';
	path: string;
	secrets: string[];
	echoed: Record<string, string>;
}

function subuserCase(random: Random): Case {
	const password = secret(random, 40, true);
	const apiPassword = secret(random, 40, true);
	const create = random.bool();
	const credentials: IDataObject = { password, ...(random.bool() ? { api_password: apiPassword } : {}) };
	if (create) credentials.username = `main_${random.string(6)}`;
	const path = create ? '/subusers' : '/subusers/5b802315a788494a04690d1d';
	return {
		request: { method: create ? 'POST' : 'PUT', endpoint: path.slice(1), body: { credentials }, bodyFormat: 'json', safeToRepeat: !create },
		method: create ? 'post' : 'put',
		path,
		secrets: [password, ...(credentials.api_password ? [apiPassword] : [])],
		echoed: { 'credentials.password': password, ...(credentials.api_password ? { 'credentials.api_password': apiPassword } : {}) },
	};
}

function reportAddressCase(random: Random): Case {
	const check = random.bool(0.3) ? random.string(64, '0123456789abcdef') : secret(random, 64);
	const signature = secret(random, 48);
	const address = new URL(`https://n8n.example.com/webhook-waiting/${random.int(1, 99999)}/node`);
	address.searchParams.set('signature', signature);
	address.searchParams.set('smsapi_check', check);
	const notifyUrl = address.toString();
	return {
		request: { method: 'POST', endpoint: 'sms.do', body: { to: '48500000000', message: 'Hi', notify_url: notifyUrl }, safeToRepeat: false },
		method: 'post',
		path: '/sms.do',
		secrets: [check, signature],
		echoed: { notify_url: random.bool() ? notifyUrl : decodeURIComponent(notifyUrl), smsapi_check: check, signature },
	};
}

/** The forms a leak would show: as it is, JSON-escaped (as JSON.stringify writes it), percent-encoded. */
function leaks(text: string, value: string): boolean {
	const wellFormed = value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
	const forms = [
		value,
		JSON.stringify(value).slice(1, -1),
		encodeURIComponent(wellFormed),
		new URLSearchParams({ v: value }).toString().slice(2),
	];
	return forms.some((form) => text.includes(form));
}

describe('redaction of the secrets a request carries (fuzz)', () => {
	it(`holds for ${CASES} random passwords, checks and signatures repeated in a 400's field errors`, async () => {
		for (let index = 0; index < CASES; index++) {
			const random = new Random((SEED * 1_000_003 + index) >>> 0);
			const testCase = random.bool() ? subuserCase(random) : reportAddressCase(random);
			serve(PRIMARY, testCase.method, testCase.path, echo400(random, testCase.echoed));
			const error = await failure(run(transportContext(tokenCredentials({ backupUrl: '' })), testCase.request));
			const text = `${allStrings(error).join('\n')}\n${JSON.stringify(error)}`;
			const leaked = testCase.secrets.filter((value) => leaks(text, value));
			if (leaked.length > 0) {
				throw new Error(`fuzz case ${index} (seed ${SEED}) leaked ${JSON.stringify(leaked)} in: ${text.slice(0, 1500)}`);
			}
		}
	}, 120_000);
});
