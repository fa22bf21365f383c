/**
 * npm run emulator -- --port 8765 --token T [--credits N] [--smtp-port P] [--username U --password P]
 *   [--dlr-delay MS] [--latency-ms MS] [--max-concurrent-sms N] [--template-encoding expandedText|template] [--quiet]
 * Runs until SIGINT/SIGTERM.
 */
import { describeViolation, startEmulator, type EmulatorOptions } from './index';

function parseArgs(argv: string[]): EmulatorOptions {
	const options: EmulatorOptions = {};
	const number = (name: string, value: string | undefined): number => {
		const n = Number(value);
		if (value === undefined || !Number.isInteger(n) || n < 0) throw new Error(`${name} needs a whole number`);
		return n;
	};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
		const value = (): string | undefined => inline ?? argv[++i];
		switch (flag) {
			case '--port':
				options.port = number(flag, value());
				break;
			case '--token':
				options.token = value();
				break;
			case '--credits':
				options.credits = Number(value());
				break;
			case '--smtp-port':
				options.smtpPort = number(flag, value());
				break;
			case '--username':
				options.username = value();
				break;
			case '--password':
				options.password = value();
				break;
			case '--dlr-delay':
				options.dlrDelayMs = number(flag, value());
				break;
			case '--latency-ms':
				options.latencyMs = number(flag, value());
				break;
			case '--max-concurrent-sms':
				options.maxConcurrentSms = number(flag, value());
				break;
			case '--template-encoding': {
				const encoding = value();
				if (encoding !== 'expandedText' && encoding !== 'template') throw new Error(`${flag} is expandedText or template`);
				options.templateEncoding = encoding;
				break;
			}
			case '--host':
				options.host = value();
				break;
			case '--quiet':
				options.quiet = true;
				break;
			case '--help':
			case '-h':
				console.log(
					'usage: npm run emulator -- [--port 8765] [--token T] [--credits N] [--smtp-port P] ' +
						'[--username U --password P] [--dlr-delay MS] [--latency-ms MS] [--max-concurrent-sms N] ' +
						'[--template-encoding expandedText|template] [--quiet]',
				);
				process.exit(0);
				break;
			default:
				throw new Error(`unknown argument ${arg}`);
		}
	}
	return options;
}

async function main(): Promise<void> {
	// Non-conforming requests are answered as the service would and logged; listed again at the end.
	const options: EmulatorOptions = { ...parseArgs(process.argv.slice(2)), conformance: 'record' };
	const emulator = await startEmulator(options);
	console.log('SMSAPI emulator running');
	console.log(`primary: ${emulator.primaryUrl}`);
	console.log(`backup: ${emulator.backupUrl}`);
	console.log(`smtp: ${new URL(emulator.primaryUrl).hostname}:${emulator.smtpPort}`);
	console.log(`control: ${emulator.controlUrl}`);
	console.log(`token: ${options.token ?? 'test-token'}  username: ${options.username ?? 'demo'}`);
	let stopping = false;
	const shutdown = (signal: string): void => {
		if (stopping) return;
		stopping = true;
		console.log(`${signal}: stopping`);
		for (const violation of emulator.violations) console.warn(`non-conforming request ${describeViolation(violation)}`);
		emulator.stop().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.on('SIGINT', () => shutdown('SIGINT'));
	process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: Error) => {
	console.error(`emulator: ${error.message}`);
	process.exit(1);
});
