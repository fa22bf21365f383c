/**
 * A sweep over every resource and operation of the SMSAPI node (its description, as n8n reads it)
 * and every dropdown, run in n8n-core's ExecuteContext (test/operations/support/run-node.ts) with the
 * username/password login against nock, with parameters generated from each operation's own
 * fields (seeded: 4 variants per operation). The property (issue 40, finding 4): the login
 * (username, password or its md5) is never in the URL of a REST call nor of a request that has a
 * body; proxies and access logs keep URLs. A GET of a legacy endpoint (`user.do?credits=1`) is the
 * one place the earlier variant takes it in the query.
 */
import type { ILoadOptionsFunctions, INodeListSearchResult, INodeParameters, INodeProperties, INodePropertyOptions, NodeParameterValue } from 'n8n-workflow';
import nock from 'nock';

import { listSearch, loadOptions } from '../../nodes/Smsapi/methods';
import { Smsapi } from '../../nodes/Smsapi/Smsapi.node';
import { PASSWORD, PASSWORD_MD5, PRIMARY, USERNAME, loadOptionsContext } from '../support/n8n-context';
import { wavFile } from '../support/wav';
import { legacyLogin } from './support/legacy-login';
import { rawBody, runNode, useMockedNetwork } from './support/run-node';
import { Random, fuzzSeed, fuzzCases } from '../support/random';

useMockedNetwork();

const SEED = fuzzSeed(20_261_128);
const VARIANTS = fuzzCases(4);
const description = new Smsapi().description;

interface Seen {
	method: string;
	/** Path and query as they went on the wire. */
	url: string;
	body: Buffer;
}

/** Every request to the primary address, answered with an empty success in the endpoint's kind. */
function recordAll(): Seen[] {
	const seen: Seen[] = [];
	for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
		nock(PRIMARY)
			.persist()
			.intercept(() => true, method)
			.reply(function (uri, body) {
				seen.push({ method: this.req.method, url: uri, body: rawBody(body) });
				return uri.split('?')[0].endsWith('.do') ? [200, { count: 0, list: [] }] : [200, { size: 0, collection: [] }];
			});
	}
	return seen;
}

const SECRETS = [USERNAME, PASSWORD, PASSWORD_MD5, encodeURIComponent(PASSWORD)];

/** What breaks the property in one request, or undefined. */
function leak(request: Seen): string | undefined {
	const path = request.url.split('?')[0];
	const rest = !path.endsWith('.do');
	const hasBody = request.body.length > 0 || request.method === 'POST' || request.method === 'PUT';
	if (!rest && !hasBody) return undefined;
	const query = new URLSearchParams(request.url.split('?')[1] ?? '');
	if (query.has('username') || query.has('password')) return `the login in the URL of ${request.method} ${path}`;
	if (SECRETS.some((secret) => request.url.includes(secret))) return `a secret in the URL of ${request.method} ${path}`;
	if (rest && SECRETS.some((secret) => request.body.includes(secret))) return `the login in the body of the REST call ${request.method} ${path}`;
	return undefined;
}

const HEX_ID = '65f0c0ffee00000000000001';
const PLAUSIBLE: Array<[RegExp, string[]]> = [
	[/^(to|numbers|phoneNumber|phone_number)$/i, ['48500000001', '48500000001,48500000002', '+48 500 000 003']],
	[/(Id|Ids|^ids|^sender)$/, [HEX_ID, '1000000000000000001', 'a1']],
	[/url|file|gatewayAddress/i, ['https://example.com/message.wav', 'https://example.com/a']],
	[/email/i, ['a@example.com']],
	[/date|expire/i, ['2030-01-01T10:00:00Z', '2030-01-02']],
	[/^binaryPropertyName$/, ['data']],
	[/^content$/, ['{"text":"Hi"}']],
	[/^(username|password|apiPassword)$/, ['branch-user', 'Secr3t-pass']],
];
const ANY = ['Hello there', 'MyShop', HEX_ID, '48500000001', 'demo_shop', 'Friends', ''];

function stringFor(random: Random, name: string, fallback: unknown): string {
	const known = PLAUSIBLE.find(([pattern]) => pattern.test(name));
	if (known && random.bool(0.85)) return random.pick(known[1]);
	if (typeof fallback === 'string' && fallback !== '' && random.bool(0.5)) return fallback;
	return random.pick(ANY.slice(0, -1));
}

function valueFor(random: Random, property: INodeProperties): unknown {
	switch (property.type) {
		case 'options': {
			const options = (property.options ?? []) as INodePropertyOptions[];
			return options.length > 0 ? random.pick(options).value : stringFor(random, property.name, property.default);
		}
		case 'multiOptions':
			return random.bool(0.5) ? [] : [HEX_ID];
		case 'boolean':
			return random.bool(0.5);
		case 'number': {
			const { minValue = 1, maxValue = 10 } = (property.typeOptions ?? {}) as { minValue?: number; maxValue?: number };
			return random.bool(0.5) && typeof property.default === 'number' ? property.default : random.int(minValue, Math.min(maxValue, minValue + 10));
		}
		case 'collection': {
			const chosen = ((property.options ?? []) as INodeProperties[]).filter(() => random.bool(0.3));
			return Object.fromEntries(chosen.filter((option) => option.type !== 'notice').map((option) => [option.name, valueFor(random, option)]));
		}
		case 'fixedCollection':
			return {};
		case 'resourceLocator':
			return { __rl: true, mode: 'id', value: HEX_ID };
		case 'json':
			return '{"text":"Hi"}';
		case 'dateTime':
			return random.pick(['2030-01-01T10:00:00', '2030-01-02T00:00:00Z']);
		default:
			return stringFor(random, property.name, property.default);
	}
}

/** Whether n8n shows the property for the parameters chosen so far. */
function shown(property: INodeProperties, parameters: INodeParameters): boolean {
	const { show = {}, hide = {} } = property.displayOptions ?? {};
	const matches = (name: string, values: unknown[] | undefined) => values?.includes(parameters[name] as NodeParameterValue);
	return Object.entries(show).every(([name, values]) => matches(name, values as unknown[])) && !Object.entries(hide).some(([name, values]) => matches(name, values as unknown[]));
}

/** One variant of an operation's parameters: every field it shows, generated from its type and name. */
function parametersFor(random: Random, resource: string, operation: string, fixed: INodeParameters = {}): INodeParameters {
	const parameters: INodeParameters = { resource, operation, ...fixed };
	for (const property of description.properties) {
		if (property.name in parameters || property.type === 'notice' || !shown(property, parameters)) continue;
		parameters[property.name] = valueFor(random, property) as NodeParameterValue;
	}
	return parameters;
}

function operations(): Array<[string, string]> {
	const resource = description.properties.find((property) => property.name === 'resource') as INodeProperties;
	return ((resource.options ?? []) as INodePropertyOptions[]).flatMap(({ value }) =>
		description.properties
			.filter((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(value))
			.flatMap((property) => ((property.options ?? []) as INodePropertyOptions[]).map((option): [string, string] => [String(value), String(option.value)])),
	);
}

const wav = wavFile();
const audio = { data: { data: wav.toString('base64'), mimeType: 'audio/wav', fileName: 'greeting.wav' } };

describe('fuzz: the username/password login never in the URL of a REST call or of a request with a body', () => {
	const all = operations();

	it('has every operation of the node to sweep', () => {
		expect(all.length).toBeGreaterThanOrEqual(60);
		expect(all).toEqual(expect.arrayContaining([['rcs', 'send'], ['vms', 'send'], ['contact', 'getMany'], ['sms', 'send']]));
	});

	it(`every operation, ${VARIANTS} generated variants each`, async () => {
		const seen = recordAll();
		const leaks: string[] = [];
		for (const [index, [resource, operation]] of all.entries()) {
			for (let variant = 0; variant < VARIANTS; variant++) {
				const random = new Random((SEED * 1_000_003 + index * VARIANTS + variant) >>> 0);
				// Every content of a voice message in turn (the upload's multipart body among them), whatever the seed draws.
				const fixed = resource === 'vms' && operation === 'send' ? { contentType: ['binary', 'file', 'tts'][variant % 3] } : {};
				const parameters = parametersFor(random, resource, operation, fixed);
				const before = seen.length;
				await runNode({ parameters, binaries: [audio], credentials: legacyLogin(), continueOnFail: true }).catch(() => undefined);
				for (const request of seen.slice(before)) {
					const found = leak(request);
					if (found) leaks.push(`${resource}.${operation} (variant ${variant}, seed ${SEED}): ${found}`);
				}
			}
		}
		expect(leaks).toEqual([]);
		// The sweep reached the service: the legacy endpoints got their requests, the login in the body.
		const posts = seen.filter((request) => request.method === 'POST' && request.url.split('?')[0].endsWith('.do'));
		expect(new Set(posts.map((request) => request.url.split('?')[0]))).toEqual(new Set(['/sms.do', '/mms.do', '/vms.do', '/hlr.do', '/user.do', '/sender.do']));
		expect(posts.every((request) => request.body.includes(PASSWORD_MD5))).toBe(true);
		expect(posts.some((request) => request.url.startsWith('/vms.do') && request.body.includes('Content-Disposition: form-data; name="password"'))).toBe(true);
	}, 120_000);

	it('every dropdown and searchable list', async () => {
		const seen = recordAll();
		const context = () => loadOptionsContext({ credentials: legacyLogin() }) as ILoadOptionsFunctions;
		const methods: Array<[string, () => Promise<INodePropertyOptions[] | INodeListSearchResult>]> = [
			...Object.entries(loadOptions).map(([name, method]): [string, () => Promise<INodePropertyOptions[]>] => [name, async () => await method.call(context())]),
			...Object.entries(listSearch).map(([name, method]): [string, () => Promise<INodeListSearchResult>] => [name, async () => await method.call(context(), 'a')]),
		];
		expect(methods.map(([name]) => name)).toEqual(expect.arrayContaining(['getRcsSenders', 'getSenderNames', 'searchContacts']));
		for (const [, method] of methods) await method().catch(() => undefined);
		expect(seen.map(leak).filter(Boolean)).toEqual([]);
		expect(seen.some((request) => request.url.startsWith('/sender.do'))).toBe(true);
	});
});
