/**
 * Replays the fixtures `npm run live-check -- --record DIR` writes (test/live-check/fixtures/<run>/,
 * one folder per recorded run; docs/DEVELOPERS.md "Live check against the real service"): every request the
 * node made that the service accepted must pass the emulator's conformance check, and every
 * answer the service gave must have the shape, status and error code the emulator gives to the
 * same check (scripts/live-check/expected.json, which test/live-check/expected.engine.test.ts keeps equal
 * to the emulator). A fixture recorded against the real service that fails here names what the
 * emulator must learn.
 */
import * as fs from 'fs';
import * as path from 'path';

import { answersDifferences } from '../../scripts/live-check/compare';
import { describeAnswer, readPinned, type PinnedAnswer } from '../../scripts/live-check/pinned';
import type { Fixture, FixtureExchange } from '../../scripts/live-check/record';
import { checkRequest, type CheckedRequest } from './conformance';

const FIXTURES = path.resolve(__dirname, '..', 'live-check', 'fixtures');
const pinned = readPinned();

function runs(): Array<[string, Fixture[]]> {
	return fs
		.readdirSync(FIXTURES, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.map((entry) => {
			const dir = path.join(FIXTURES, entry.name);
			const fixtures = fs
				.readdirSync(dir)
				.filter((file) => file.endsWith('.json') && file !== 'run.json')
				.sort()
				.map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Fixture);
			return [entry.name, fixtures];
		});
}

const params = (text: string) => Object.fromEntries(new URLSearchParams(text));

/** The recorded request as the emulator's conformance check reads one. */
function asChecked({ request }: FixtureExchange, customFields: ReadonlySet<string>): CheckedRequest {
	const contentType = (request.headers['content-type'] ?? '').toLowerCase();
	const json = contentType.includes('application/json');
	return {
		method: request.method,
		path: request.path,
		query: params(request.query),
		bodyKind: request.body === '' ? 'none' : json ? 'json' : 'form',
		form: request.body !== '' && !json ? params(request.body) : {},
		jsonBody: request.body !== '' && json ? JSON.parse(request.body) : undefined,
		customFields,
	};
}

/** Whether the service took the request (a 2xx without an error code). */
const accepted = (answer: PinnedAnswer | undefined) => answer !== undefined && answer.status < 300 && answer.error === undefined;

/** The account's custom contact fields, as the recorded contact lists show them. */
function customFieldsOf(fixtures: Fixture[]): Set<string> {
	const published = new Set(['id', 'first_name', 'last_name', 'birthday_date', 'phone_number', 'email', 'gender', 'city', 'country', 'source', 'description', 'date_created', 'date_updated', 'groups']);
	const names = new Set<string>();
	for (const exchange of fixtures.flatMap((fixture) => fixture.exchanges)) {
		if (exchange.request.path !== '/contacts' || !exchange.response) continue;
		const answer = JSON.parse(exchange.response.body) as { collection?: Array<Record<string, unknown>> };
		for (const contact of answer.collection ?? []) for (const key of Object.keys(contact)) if (!published.has(key)) names.add(key);
	}
	return names;
}

const recorded = runs();

test('the sample recorded against the emulator is there', () => {
	expect(recorded.map(([name]) => name)).toContain('emulator-sample');
});

describe.each(recorded)('recorded live-check run %s', (_name, fixtures) => {
	const customFields = customFieldsOf(fixtures);

	test.each(fixtures.map((fixture) => [fixture.check, fixture] as const))('%s: the requests the service took conform', (_check, fixture) => {
		const problems = fixture.exchanges
			.filter((exchange) => accepted(describeAnswer(exchange)))
			.map((exchange) => [`${exchange.request.method} ${exchange.request.path}`, checkRequest(asChecked(exchange, customFields))?.problems ?? []])
			.filter(([, found]) => (found as unknown[]).length > 0);
		expect(problems).toEqual([]);
	});

	test.each(fixtures.map((fixture) => [fixture.check, fixture] as const))('%s: the emulator answers alike', (check, fixture) => {
		const expected = pinned.checks[check];
		expect(expected).toBeDefined();
		const answers = fixture.exchanges.map(describeAnswer).filter((answer): answer is PinnedAnswer => answer !== undefined);
		expect(answersDifferences(expected.answers, answers)).toEqual([]);
	});
});

test('a recorded run the emulator does not match is caught', () => {
	const [, sample] = recorded.find(([name]) => name === 'emulator-sample')!;
	const send = structuredClone(sample.find((fixture) => fixture.check === 'sms: send single (test=1)')!);
	const response = send.exchanges[0].response!;
	response.body = response.body.replace('"points"', '"cost"');
	const answers = send.exchanges.map(describeAnswer).filter((answer): answer is PinnedAnswer => answer !== undefined);
	expect(answersDifferences(pinned.checks[send.check].answers, answers)).toEqual([
		'POST /sms.do: list[].cost: a field the emulator does not answer (number)',
		'POST /sms.do: list[].points: the emulator always answers it, the service did not',
	]);
	const list = structuredClone(sample.find((fixture) => fixture.check === 'contacts: list')!);
	list.exchanges[0].request.query += '&sort=last_name';
	expect(checkRequest(asChecked(list.exchanges[0], new Set()))?.problems.map((p) => p.path)).toEqual(['sort']);
});
