/**
 * `npm run live-check` against the emulator over real HTTP on 127.0.0.1: every check OK; a
 * deliberately changed emulator shows DIFFERS (and a broken answer FAILED); every request the
 * command makes is free, proven from the emulator's own record of what it received; --record
 * keeps no token, password, phone number or personal data.
 */
import { execFile } from 'node:child_process';
import * as fs from 'fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'os';
import * as path from 'path';

import { CHECKS } from '../../scripts/live-check/checks';
import { emulatorRequests, type EmulatorRequest } from '../e2e/harness/smsapi';
import { md5, startEmulator, type Emulator } from '../emulator';
import { control } from '../emulator/helpers';
import { liveCheck } from './support';

const ALL_CHECKS = CHECKS.map((check) => check.name);
const READ_CHECKS = CHECKS.filter((check) => !check.writes).map((check) => check.name);

// Each run starts n8n-core in-process and makes about 30 requests: generous under a loaded machine.
jest.setTimeout(90_000);

let emu: Emulator;
const tmpDirs: string[] = [];
const tmpDir = () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-check-'));
	tmpDirs.push(dir);
	return dir;
};

beforeAll(async () => {
	emu = await startEmulator({ quiet: true, dlrDelayMs: 600_000 });
});
beforeEach(async () => {
	emu.reset();
	await fetch(`${emu.controlUrl}/requests`, { method: 'DELETE' });
});
afterAll(async () => {
	await emu.stop();
	for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const against = (target: { primaryUrl: string; backupUrl?: string }) => [
	'--base-url',
	target.primaryUrl,
	...(target.backupUrl ? ['--backup-url', target.backupUrl] : []),
];

/** Why a request the emulator received would not be free, or undefined when it is. */
function costOf(request: EmulatorRequest): string | undefined {
	const body = (request.body ?? {}) as Record<string, string>;
	if (['/hlr.do', '/mms.do', '/vms.do'].includes(request.path)) return `${request.path} was called`;
	if (request.path === '/sms.do') {
		if (body.sch_del !== undefined) return body.to || body.group || body.message ? 'sch_del carried a send' : undefined;
		return body.test === '1' ? undefined : `a send without test=1: ${JSON.stringify(body)}`;
	}
	return undefined;
}

const writesOf = (requests: EmulatorRequest[]) =>
	requests.filter((r) => r.method !== 'GET' && r.path !== '/sms.do').map((r) => `${r.method} ${r.path.replace(/[0-9a-f]{24}$/, '{id}')}`);

describe('npm run live-check against the emulator', () => {
	test('every check is OK, every request is free, and with --allow-writes only the listed writes are made', async () => {
		const run = await liveCheck([...against(emu), '--token', 'test-token', '--allow-writes']);
		expect(run.output).toMatch(/Free operations only: nothing reaches a phone and nothing is charged/);
		expect(run.output).toMatch(/refuses any other request before it leaves/);
		expect(run.verdicts).toEqual(Object.fromEntries(ALL_CHECKS.map((name) => [name, 'OK'])));
		expect(run.code).toBe(0);

		const requests = await emulatorRequests(emu);
		const sends = requests.filter((r) => r.path === '/sms.do');
		expect(sends.length).toBeGreaterThanOrEqual(7);
		expect(requests.map(costOf).filter(Boolean)).toEqual([]);
		expect(requests.filter((r) => /\/(hlr|mms|vms)\.do$/.test(r.path))).toEqual([]);
		expect(writesOf(requests)).toEqual(['POST /callbacks', 'DELETE /callbacks/{id}', 'POST /contacts', 'DELETE /contacts/{id}']);
		// Nothing was sent or charged, and the writes were undone.
		expect(await control(emu, 'messages')).toEqual([]);
		const state = await control(emu, 'state');
		expect(state.account.points).toBe(100);
		expect(state.callbacks).toEqual([]);
		expect(state.contacts).toHaveLength(6);
	});

	test('without --allow-writes it writes nothing', async () => {
		const run = await liveCheck([...against(emu)], { SMSAPI_TOKEN: 'test-token' });
		expect(Object.keys(run.verdicts)).toEqual(READ_CHECKS);
		expect(Object.values(run.verdicts).every((verdict) => verdict === 'OK')).toBe(true);
		const requests = await emulatorRequests(emu);
		expect(writesOf(requests)).toEqual([]);
		expect(requests.map(costOf).filter(Boolean)).toEqual([]);
	});

	test('--record writes fixtures without the token, phone numbers or personal data', async () => {
		const dir = tmpDir();
		const run = await liveCheck([...against(emu), '--token', 'test-token', '--allow-writes', '--record', dir]);
		expect(run.code).toBe(0);
		const files = fs.readdirSync(dir);
		expect(files).toContain('run.json');
		expect(files.filter((file) => file !== 'run.json')).toHaveLength(ALL_CHECKS.length);
		const text = files.map((file) => fs.readFileSync(path.join(dir, file), 'utf8')).join('\n');
		expect(text).not.toContain('test-token');
		expect(text).toContain('Bearer <redacted>');
		const seeds = emu.state.contacts;
		const phones = ['48500000001', '48500000002', '48500000099', ...seeds.map((c) => c.phone_number)];
		for (const phone of phones) {
			expect(text).not.toMatch(new RegExp(`(?<!\\d)${phone}(?!\\d)`));
			expect(text).not.toMatch(new RegExp(`(?<!\\d)${phone.slice(-9)}(?!\\d)`));
		}
		for (const contact of seeds) {
			if (contact.email) expect(text).not.toContain(contact.email);
			expect(text).not.toContain(contact.last_name);
		}
		// What the fixtures are for: the answers keep the service's shapes.
		const send = JSON.parse(fs.readFileSync(path.join(dir, files.find((f) => f.includes('send-bulk'))!), 'utf8'));
		const answer = JSON.parse(send.exchanges[0].response.body);
		expect(answer.list.map((m: { number: string }) => m.number)).toEqual([expect.stringMatching(/^48\d{9}$/), expect.stringMatching(/^48\d{9}$/)]);
		expect(new URLSearchParams(send.exchanges[0].request.body).get('to')).toBe(answer.list.map((m: { number: string }) => m.number).join(','));
	});

	test('--record with the legacy login keeps neither the username nor the password (plain or md5)', async () => {
		const dir = tmpDir();
		const run = await liveCheck([...against(emu), '--username', 'demo', '--password', 'demo-password', '--record', dir]);
		// Every REST call takes only a token: the node refuses it before sending (the login never goes
		// where the REST API cannot take it), and the check is skipped.
		expect(emu.takeViolations()).toEqual([]);
		for (const name of ['account: profile', 'templates', 'contacts: list', 'contact groups', 'opt-outs: list', 'opt-outs: settings', 'contact fields: list', 'rcs senders', 'callbacks: read registry']) {
			expect([name, run.verdicts[name]]).toEqual([name, 'SKIPPED']);
		}
		expect(run.verdicts['account: balance']).toBe('OK');
		const text = fs.readdirSync(dir).map((file) => fs.readFileSync(path.join(dir, file), 'utf8')).join('\n');
		expect(text).toContain('/sms.do');
		expect(text).not.toContain('demo-password');
		expect(text).not.toContain(md5('demo-password'));
		expect(text).not.toMatch(/username=demo\b/);
		expect(text).toMatch(/password=%3Credacted%3E|password=<redacted>/);
	});

	test('package.json runs it: npm run live-check -- --emulator prints every check OK', async () => {
		// The command as a maintainer types it, in its own process (ts-node, not jest's module loader).
		const output = await new Promise<string>((resolve, reject) =>
			execFile(
				'npm',
				['run', '--silent', 'live-check', '--', '--emulator', '--allow-writes'],
				{ cwd: path.resolve(__dirname, '..', '..'), timeout: 120_000 },
				(error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout)),
			),
		);
		expect(output).toMatch(/^credential test +OK/m);
		expect(output).toMatch(/^(\d+) OK, 0 DIFFERS, 0 FAILED, 0 SKIPPED$/m);
		expect(Number(/^(\d+) OK/m.exec(output)?.[1])).toBeGreaterThanOrEqual(19);
	}, 120_000);

	test('usage errors exit 2 before anything is sent', async () => {
		expect((await liveCheck(['--platform', 'com'])).code).toBe(2);
		expect((await liveCheck(['--platform', 'de', '--token', 't'])).code).toBe(2);
		expect((await liveCheck(['--platform', 'pl', '--base-url', emu.primaryUrl, '--token', 't'])).code).toBe(2);
		expect((await liveCheck([...against(emu), '--token', 't', '--pin'])).code).toBe(2);
		expect(await emulatorRequests(emu)).toEqual([]);
	});
});

/**
 * An emulator changed on purpose: a proxy in front of it renames a field of the send answer,
 * answers an unknown scheduled id with another error shape, and refuses the profile.
 */
async function changedEmulator(target: Emulator): Promise<{ primaryUrl: string; close: () => Promise<void> }> {
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', async () => {
			const body = Buffer.concat(chunks).toString('utf8');
			if (req.url === '/profile') {
				res.writeHead(401, { 'Content-Type': 'application/json' });
				res.end(JSON.stringify({ message: 'Authorization failed', error: 'invalid_access_token', developer_description: null, errors: null }));
				return;
			}
			const upstream = await fetch(`${target.primaryUrl}${req.url}`, {
				method: req.method,
				headers: { authorization: String(req.headers.authorization ?? ''), 'content-type': String(req.headers['content-type'] ?? '') },
				body: req.method === 'GET' || body === '' ? undefined : body,
			});
			let text = await upstream.text();
			if (req.url === '/sms.do') {
				const answer = JSON.parse(text);
				if (Array.isArray(answer.list)) {
					answer.list = answer.list.map(({ points, ...rest }: { points: number }) => ({ ...rest, price: points }));
				}
				if (answer.error === 301) text = JSON.stringify({ error: 'not_found', message: 'Not exists ID message', errors: [] });
				else text = JSON.stringify(answer);
			}
			res.writeHead(upstream.status, { 'Content-Type': upstream.headers.get('content-type') ?? 'application/json' });
			res.end(text);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		primaryUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

describe('a changed emulator', () => {
	test('shows DIFFERS where the answers changed shape or error, FAILED where the node fails, OK elsewhere', async () => {
		const changed = await changedEmulator(emu);
		try {
			const run = await liveCheck([...against(changed), '--token', 'test-token']);
			expect(run.code).toBe(1);
			expect(run.verdicts['sms: send single (test=1)']).toBe('DIFFERS');
			expect(run.notes['sms: send single (test=1)']).toEqual(
				expect.arrayContaining([
					'POST /sms.do: list[].price: a field the emulator does not answer (number)',
					'POST /sms.do: list[].points: the emulator always answers it, the service did not',
				]),
			);
			expect(run.verdicts['sms: send bulk (test=1)']).toBe('DIFFERS');
			expect(run.verdicts['sms: delete unknown scheduled id']).toBe('DIFFERS');
			expect(run.notes['sms: delete unknown scheduled id']).toEqual(
				expect.arrayContaining([
					'POST /sms.do: error not_found, the emulator answers error 301',
					'POST /sms.do: error: the service answered string, the emulator answers number',
					'POST /sms.do: errors: a field the emulator does not answer (array)',
				]),
			);
			expect(run.verdicts['account: profile']).toBe('FAILED');
			expect(run.notes['account: profile'].join('\n')).toMatch(/the same check against the emulator ends in success/);
			for (const name of ['credential test', 'account: balance', 'contacts: list', 'templates', 'prices', 'callbacks: read registry']) {
				expect([name, run.verdicts[name]]).toEqual([name, 'OK']);
			}
		} finally {
			await changed.close();
		}
	});
});
