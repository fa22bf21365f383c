/**
 * `npm run live-check -- --platform com|pl --token T [--allow-writes] [--record DIR]`
 * (the token also from SMSAPI_TOKEN; legacy login with --username/--password; any address with
 * --base-url, a fresh in-process emulator with --emulator). Prints the table and exits 0 when every
 * check is OK or SKIPPED, 1 when one DIFFERS or FAILED, 2 on a usage error.
 */
import * as path from 'path';

import { PLATFORM_ADDRESSES } from '../../credentials/smsapiAccount';
import { ALLOWED_IN_WORDS } from './guard';
import { readPinned, writePinned, EXPECTED_FILE } from './pinned';
import { redactExchanges, writeFixtures } from './record';
import { runLiveCheck, type Login } from './run';
import { formatTable } from './table';
import type { Targets } from './gateway';

export interface CliIo {
	out: (line: string) => void;
	env: Record<string, string | undefined>;
}

const USAGE = `Usage: npm run live-check -- (--platform com|pl|io | --base-url URL [--backup-url URL] | --emulator)
       [--token T | --username U --password P] [--allow-writes] [--record DIR] [--to N1,N2] [--contact-number N]

  --platform      the real service: com (api.smsapi.com, backup api2), pl (api.smsapi.pl, backup api2), io (smsapi.io)
  --base-url      any address (the emulator, a proxy); --backup-url its backup
  --emulator      a fresh emulator in this process (token test-token); with --pin it rewrites the pinned answers
  --token         the OAuth token (default: SMSAPI_TOKEN); or --username and --password (SMSAPI_USERNAME, SMSAPI_PASSWORD)
  --allow-writes  also register + remove a dummy callback URL and create + delete one contact
  --record DIR    write every request and answer, secrets, phone numbers and personal data replaced, as fixtures
  --to            two recipients for the test sends (nothing is sent); default per platform
  --contact-number  the number of the contact created and deleted with --allow-writes`;

const FLAGS = new Set(['--allow-writes', '--emulator', '--pin', '--help']);

class UsageError extends Error {}

function parseArgs(argv: string[]): Record<string, string | true> {
	const args: Record<string, string | true> = {};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (!arg.startsWith('--')) throw new UsageError(`Unexpected argument "${arg}"`);
		const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
		if (FLAGS.has(name)) {
			args[name.slice(2)] = true;
			continue;
		}
		const value = inline ?? argv[++i];
		if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value`);
		args[name.slice(2)] = value;
	}
	return args;
}

/** Recipients of the test sends: numbers no phone has where one exists (UK 07700 900xxx is reserved for drama). */
const DEFAULT_NUMBERS: Record<string, { to: [string, string]; contact: string }> = {
	com: { to: ['447700900123', '447700900124'], contact: '447700900199' },
	pl: { to: ['48500000001', '48500000002'], contact: '48500000099' },
	other: { to: ['48500000001', '48500000002'], contact: '48500000099' },
};

function text(args: Record<string, string | true>, name: string): string | undefined {
	const value = args[name];
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export async function main(argv: string[], io: CliIo): Promise<number> {
	let args: Record<string, string | true>;
	try {
		args = parseArgs(argv);
	} catch (error) {
		io.out(`${(error as Error).message}\n\n${USAGE}`);
		return 2;
	}
	if (args.help) {
		io.out(USAGE);
		return 0;
	}
	const platform = text(args, 'platform');
	const baseUrl = text(args, 'base-url');
	const targetsGiven = [platform, baseUrl, args.emulator].filter(Boolean).length;
	const usage = (message: string) => {
		io.out(`${message}\n\n${USAGE}`);
		return 2;
	};
	if (targetsGiven !== 1) return usage('Give exactly one of --platform, --base-url and --emulator.');
	if (platform && !['com', 'pl', 'io'].includes(platform)) return usage(`--platform is com, pl or io, not "${platform}".`);
	if (args.pin && !args.emulator) return usage('--pin rewrites the emulator\'s pinned answers: only with --emulator.');

	let login: Login = {
		token: text(args, 'token') ?? io.env.SMSAPI_TOKEN?.trim(),
		username: text(args, 'username') ?? io.env.SMSAPI_USERNAME?.trim(),
		password: text(args, 'password') ?? io.env.SMSAPI_PASSWORD,
	};
	if (login.token) login = { token: login.token };
	else if (!args.emulator && !(login.username && login.password)) return usage('Give --token (or SMSAPI_TOKEN), or --username and --password.');

	const defaults = DEFAULT_NUMBERS[platform ?? 'other'] ?? DEFAULT_NUMBERS.other;
	const to = (text(args, 'to') ?? defaults.to.join(',')).split(',').map((n) => n.trim()).filter(Boolean);
	if (to.length !== 2) return usage('--to takes two numbers, separated by a comma.');

	// eslint-disable-next-line @typescript-eslint/consistent-type-imports
	let emulator: import('../../test/emulator').Emulator | undefined;
	let targets: Targets;
	if (args.emulator) {
		const { startEmulator } = await import('../../test/emulator');
		emulator = await startEmulator({ quiet: true, dlrDelayMs: 600_000 });
		if (!login.token && !login.username) login = { token: 'test-token' };
		targets = { primary: emulator.primaryUrl, backup: emulator.backupUrl };
	} else if (platform) {
		targets = PLATFORM_ADDRESSES[platform as 'com' | 'pl' | 'io'];
	} else {
		targets = { primary: baseUrl as string, backup: text(args, 'backup-url') };
	}

	const allowWrites = args['allow-writes'] === true || args.pin === true;
	io.out(`SMSAPI live check of n8n-nodes-smsapi-plus against ${targets.primary}${targets.backup ? ` (backup ${targets.backup})` : ''}`);
	io.out('Free operations only: nothing reaches a phone and nothing is charged. Every send carries test=1 (validated, not sent);');
	io.out('no HLR, MMS, VMS or RCS. A guard in this process refuses any other request before it leaves (scripts/live-check/guard.ts):');
	io.out(`allowed are ${ALLOWED_IN_WORDS}${allowWrites ? ', and the writes below' : ''}.`);
	io.out(
		allowWrites
			? 'Writes ON: a dummy callback URL is registered and removed again, one contact is created and deleted again.'
			: 'Writes off (--allow-writes: register + remove a dummy callback URL, create + delete one contact).',
	);
	io.out('');

	try {
		const run = await runLiveCheck({
			targets,
			login,
			allowWrites,
			numbers: [to[0], to[1]],
			contactNumber: text(args, 'contact-number') ?? defaults.contact,
			expected: args.pin ? { about: '', checks: {} } : readPinned(),
		});
		if (args.pin) {
			writePinned(run.observed);
			io.out(`Pinned the emulator's answers to ${run.results.length} checks in ${path.relative(process.cwd(), EXPECTED_FILE)}.`);
			return 0;
		}
		io.out(formatTable(run.results));
		const recordDir = text(args, 'record');
		if (recordDir) {
			const fixtures = redactExchanges(run.exchanges, run.results, login, [...to, text(args, 'contact-number') ?? defaults.contact]);
			writeFixtures(recordDir, fixtures, {
				target: platform ?? (args.emulator ? 'emulator' : 'custom'),
				date: new Date().toISOString(),
				allowWrites,
				results: run.results.map(({ check, verdict }) => ({ check, verdict })),
			});
			io.out(`\nRecorded ${fixtures.length} checks in ${recordDir} (token, login and phone numbers replaced). See docs/DEVELOPERS.md, "Live check against the real service", to send them in.`);
		}
		return run.results.some((result) => result.verdict === 'DIFFERS' || result.verdict === 'FAILED') ? 1 : 0;
	} finally {
		if (emulator) await emulator.stop();
	}
}

if (require.main === module) {
	main(process.argv.slice(2), { out: (line) => console.log(line), env: process.env }).then(
		(code) => {
			process.exitCode = code;
		},
		(error: unknown) => {
			console.error(error);
			process.exitCode = 2;
		},
	);
}
