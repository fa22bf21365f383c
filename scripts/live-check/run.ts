/**
 * One live check: the gateway (the only way out, with its allow-list), the package's node and
 * trigger in n8n-core pointed at it, every check in order, each judged against what the emulator
 * answers to the same check (expected.json).
 */
import { CHECKS, type CheckEnv, type CheckOutcome, skippedWithoutToken } from './checks';
import { judge, pinCheck, type CheckResult } from './compare';
import { startGateway, type Targets } from './gateway';
import { NodeRunner } from './n8n-node';
import { PINNED_ABOUT, type Pinned } from './pinned';
import type { Exchange } from './wire';

export interface Login {
	token?: string;
	username?: string;
	password?: string;
}

export interface LiveCheckOptions {
	targets: Targets;
	login: Login;
	allowWrites: boolean;
	/** Recipients of the test sends (nothing is sent). */
	numbers: [string, string];
	contactNumber: string;
	expected: Pinned;
	/** Called when a check is done (progress). */
	onResult?: (result: CheckResult) => void;
	now?: () => Date;
}

export interface LiveCheckRun {
	results: CheckResult[];
	exchanges: readonly Exchange[];
	/** What this run's answers would pin (used against the emulator to write expected.json). */
	observed: Pinned;
}

/** Where n8n would receive callbacks: the base of the dummy URL registered with --allow-writes. */
export const DUMMY_WEBHOOK_BASE = 'https://example.com/n8n-nodes-smsapi-plus-live-check/webhook';

function loginData(login: Login): Record<string, unknown> {
	if (login.token) return { authentication: 'token', token: login.token };
	return { authentication: 'legacy', username: login.username ?? '', password: login.password ?? '' };
}

export async function runLiveCheck(options: LiveCheckOptions): Promise<LiveCheckRun> {
	const gateway = await startGateway(options.targets, { allowWrites: options.allowWrites });
	const results: CheckResult[] = [];
	const observed: Pinned = { about: PINNED_ABOUT, checks: {} };
	let node: NodeRunner | undefined;
	try {
		node = await NodeRunner.start({
			credential: {
				...loginData(options.login),
				platform: 'custom',
				baseUrl: gateway.primaryUrl,
				...(options.targets.backup ? { backupUrl: gateway.backupUrl } : {}),
			},
			webhookBaseUrl: DUMMY_WEBHOOK_BASE,
		});
		const env: CheckEnv = {
			node,
			numbers: options.numbers,
			contactNumber: options.contactNumber,
			state: {},
			now: options.now ?? (() => new Date()),
		};
		for (const check of CHECKS) {
			if (check.writes && !options.allowWrites) continue;
			gateway.setCheck(check.name);
			const before = gateway.exchanges.length;
			let outcome: CheckOutcome;
			try {
				outcome = await check.run(env);
			} catch (error) {
				const e = error as { message?: unknown; description?: unknown };
				outcome = { kind: 'error', message: [e.message ?? String(error), typeof e.description === 'string' ? e.description : ''].filter(Boolean).join(' — ') };
			}
			outcome = skippedWithoutToken(outcome);
			const exchanges = gateway.exchanges.slice(before);
			observed.checks[check.name] = pinCheck(outcome, exchanges);
			const result = judge(check.name, outcome, exchanges, options.expected.checks[check.name]);
			results.push(result);
			options.onResult?.(result);
		}
	} finally {
		await node?.shutdown();
		await gateway.close();
	}
	return { results, exchanges: gateway.exchanges, observed };
}
