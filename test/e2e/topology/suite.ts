/**
 * n8n's queue mode as users run it at scale (each installed n8n line): PostgreSQL (a throw-away
 * `initdb` cluster), Redis, n8n main, one `n8n webhook` process and two `n8n worker` processes,
 * all on loopback, all with `DB_TYPE=postgresdb` and this package in the shared user folder.
 *
 * - campaigns (Webhook → Code → SMSAPI Send, personalised: 100 recipients per request) run on the
 *   workers: every recipient accepted exactly once, the execution saved in PostgreSQL, the output
 *   paired with its input; several started together spread over both workers;
 * - delivery reports sent twice, the copy one second later to the other process (main or the
 *   webhook process): one execution per report, none lost, `OK` to every call; the trigger's version 2
 *   combines callbacks close together into fewer executions, every report once, run by the workers;
 * - the credential test and the dropdowns answer through main;
 * - Send and Wait for Delivery started at the webhook process waits; its final report, delivered to
 *   the webhook process and repeated, resumes it once, on a worker (one message sent);
 * - Send and Wait for Approval likewise: the page of its link opened at the webhook process answers
 *   nothing, two taps at once there resume it once, on a worker;
 * - retries never send twice: Retry from the Executions list of a failed campaign, and a worker
 *   killed in the middle of a campaign (n8n 1.x gives the job to the other worker; n8n 2.x leaves
 *   the execution to be marked failed, and its retry is made safe by an Idx from the data; the
 *   Retry test runs in the 40 s n8n 2.x takes for that, on the worker left).
 *
 * The measured times are printed (bench/README.md, "Measured in the topology tests", quotes them).
 * Needs scripts/install-n8n.sh, Debian's postgresql and redis-server (npm test provisions them).
 * The tests live beside this file, a module a behaviour; setup.ts starts the processes once for all.
 */
import { getLine, type LineId } from '../harness';
import { registerApprovalTests } from './approval';
import { registerCampaignTests } from './campaigns';
import { registerCombineTests } from './combine';
import { registerMainProcessTests } from './main-process';
import { registerReportBurstTests } from './report-burst';
import { registerRetryTests } from './retries';
import { registerSendAndWaitTests } from './send-and-wait';
import { useTopologySuite } from './setup';

/** The tests of one n8n line (each line has its own file, so that jest runs the two side by side). */
export function describeTopology(lineId: LineId): void {
	const line = getLine(lineId);
	describe(`n8n ${line.version} (line ${line.line}) at scale: PostgreSQL, Redis, main, a webhook process, two workers`, () => {
		const ctx = useTopologySuite(line);

		registerMainProcessTests(ctx);
		registerSendAndWaitTests(ctx);
		registerApprovalTests(ctx);
		registerCampaignTests(ctx);
		registerReportBurstTests(ctx);
		registerCombineTests(ctx);
		registerRetryTests(ctx);
	});
}
