import type {
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { rememberReports } from './reportMemory';
import { EVENT_INFO, TRIGGER_EVENTS, type TriggerEvent } from './events';
import { parseList, passesInboundFilter, passesStatusFilter, type KeywordMatch } from './filters';
import { firstTimeLogged, readGuards } from './guards';
import { parseCallback } from '../callbacks/callbackParsing';
import { combineCallbacks, combineWindows, DEFAULT_COMBINE_MS } from './combine';
import { readParameter, readSecret } from './callSettings';
import { checkSecret, findUsernameMismatch, forLog, isIpAllowed, secretsEqual } from './security';
import { lastPathSegment, PATH_SECRET_WEBHOOK, secretPathSegment } from './webhookUrls';

/** The body the service waits for; anything else makes it repeat the callback. */
const OK_BODY = 'OK';

/** Key of the dedupe memory in the node's static data. */
export const DEDUPE_STATE_KEY = 'seenReports';

/** The parts of n8n's (Express) request the trigger reads. */
interface CallbackRequest {
	/** The caller's address as Express computes it with n8n's `trust proxy` (`N8N_PROXY_HOPS`). */
	ip?: string;
	method?: string;
	/** The request path (`/webhook/<webhook id>/<event>/<secret>`), without the query. */
	path?: string;
	originalUrl?: string;
	socket?: { remoteAddress?: string };
	rawBody?: { length: number; toString(encoding: 'utf8'): string };
}

/** The parts of n8n's (Express) response the trigger writes its answers to. */
interface CallbackResponse {
	headersSent?: boolean;
	writeHead(status: number, headers: Record<string, string>): unknown;
	end(body: string): unknown;
}

/**
 * Every answer is written here, and `noWebhookResponse` tells n8n the request is answered (the way
 * n8n's Webhook node refuses a caller). Without `workflowData` no execution starts.
 *
 * Why not `webhookResponse` with the webhook's `onReceived` mode: n8n 2.x then answers only after
 * the execution is created, and (1) sends its `responseData` default, the literal text
 * `firstEntryJson`, instead of `OK`; (2) creating the execution re-wraps the workflow's static data
 * and clears its "changed" flag before the answer, so the dedupe memory is never saved. Answering
 * here makes n8n save the static data before the run starts, in 1.x and 2.x alike.
 */
function answer(response: CallbackResponse, status: number, body: string): void {
	if (response.headersSent === true) return;
	response.writeHead(status, {
		'Content-Type': 'text/plain; charset=utf-8',
		// With the length known, n8n's compression middleware leaves these few bytes as they are;
		// without it, it gzips even `OK` for a caller that accepts gzip (22 bytes instead of 2).
		'Content-Length': String(Buffer.byteLength(body, 'utf8')),
	});
	response.end(body);
}

/** Refused: the status and a short text, no execution. */
function refuse(response: CallbackResponse, status: number, body: string): IWebhookResponseData {
	answer(response, status, body);
	return { noWebhookResponse: true };
}

/** One item per report to start the workflow with (none: no execution); the answer is sent already. */
function start(reports: IDataObject[]): IWebhookResponseData {
	if (reports.length === 0) return { noWebhookResponse: true };
	const items: INodeExecutionData[] = reports.map((json) => ({ json }));
	return { noWebhookResponse: true, workflowData: [items] };
}

/** `OK`, and one item per report to start the workflow with (none: no execution). */
function acknowledge(
	response: CallbackResponse,
	reports: IDataObject[] = [],
): IWebhookResponseData {
	answer(response, 200, OK_BODY);
	return start(reports);
}

/**
 * Whether the request carries the secret: in the path (the path-secret webhook: the URL n8n
 * shows) or, for URLs registered in the earlier layout, as `?secret=` (both webhooks).
 */
function carriesSecret(
	secret: string,
	webhookName: string,
	request: CallbackRequest,
	query: IDataObject,
): ReturnType<typeof checkSecret> {
	if (webhookName === PATH_SECRET_WEBHOOK) {
		const path = request.path ?? request.originalUrl ?? '';
		if (path !== '' && secretsEqual(secretPathSegment(secret), lastPathSegment(path)))
			return { ok: true };
	}
	return checkSecret(secret, query);
}

/**
 * The webhook of the SMSAPI Trigger: checks the caller, reads the reports of the request, drops
 * filtered and already-seen ones, and answers `OK` while the rest (one item per report) start the
 * workflow. Never lets a malformed callback fail an execution: what cannot be used is logged.
 */
export async function handleCallback(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const response = this.getResponseObject() as unknown as CallbackResponse;
	// One copy of the node per call (n8n copies it on every getNode()); its parameters are read
	// once each, through n8n's expression engine only where they hold an expression (callSettings.ts).
	const node = this.getNode();
	const nodeName = node.name;
	const log = (message: string) => `SMSAPI Trigger "${nodeName}": ${message}`;
	try {
		const request = this.getRequestObject() as unknown as CallbackRequest;
		const event = readParameter(this, node, 'event', 'dlr') as TriggerEvent;
		if (!TRIGGER_EVENTS.includes(event)) return refuse(response, 500, 'Unknown event');
		const format = EVENT_INFO[event].format;
		const options = readParameter(this, node, 'options', {}) as IDataObject;
		const callerIp = request.ip ?? request.socket?.remoteAddress;
		const guards = readGuards(node, readSecret(this, node), options);
		const workflowId = this.getWorkflow().id ?? '';

		// 0. Settings that cannot check callbacks refuse them all (logged once per running n8n).
		if (guards.problem !== undefined) {
			if (firstTimeLogged(`${workflowId}\u0000${nodeName}\u0000${guards.problem}`)) {
				this.logger.error(log(`refuses every callback: ${guards.problem}`));
			}
			return refuse(response, 403, 'Forbidden');
		}

		// 1. Caller address
		if (guards.allowlist) {
			const { rules, invalid } = guards.allowlist;
			if (invalid.length > 0 && firstTimeLogged(`${nodeName}\u0000ips\u0000${invalid.join(',')}`)) {
				this.logger.warn(
					log(
						`IP allowlist entries ignored, not addresses or ranges: ${forLog(invalid.join(', '), 200)}`,
					),
				);
			}
			if (!isIpAllowed(callerIp, rules)) {
				this.logger.warn(
					log(
						`refused a callback from ${forLog(callerIp ?? 'an unknown address')}: not on the IP allowlist`,
					),
				);
				return refuse(response, 403, 'Forbidden');
			}
		}

		// 2. Secret
		let query = this.getQueryData() as IDataObject;
		if (guards.secret.kind === 'secret') {
			const secretCheck = carriesSecret(
				guards.secret.secret,
				this.getWebhookName(),
				request,
				query,
			);
			if (!secretCheck.ok) {
				this.logger.warn(
					log(
						`refused a callback from ${forLog(callerIp ?? 'an unknown address')}: ${secretCheck.reason} secret`,
					),
				);
				return refuse(response, 403, 'Forbidden');
			}
			if (secretCheck.extraQuery) query = { ...(secretCheck.extraQuery as IDataObject), ...query };
		}

		// 3. Reports
		const rawBody =
			request.rawBody && request.rawBody.length > 0 ? request.rawBody.toString('utf8') : undefined;
		const parsed = parseCallback(format, { query, body: this.getBodyData(), rawBody });
		if (!parsed.ok) {
			this.logger.warn(
				log(
					`refused a ${EVENT_INFO[event].name.toLowerCase()} callback (HTTP ${parsed.status}): ${forLog(parsed.reason, 200)}`,
				),
			);
			return refuse(
				response,
				parsed.status,
				parsed.status === 413 ? 'Payload Too Large' : `Bad Request: ${parsed.reason}`,
			);
		}
		for (const warning of parsed.warnings) this.logger.warn(log(forLog(warning, 500)));
		if (parsed.dropped.length > 0) {
			const reasons = parsed.dropped
				.map((entry) => `#${entry.position + 1}: ${entry.reason}`)
				.join('; ');
			this.logger.warn(
				log(
					`left out ${parsed.dropped.length} malformed report(s), kept ${parsed.reports.length} (${reasons})`,
				),
			);
		}
		let reports = parsed.reports;
		if (reports.length === 0) {
			if (parsed.dropped.length === 0)
				this.logger.debug(log('callback without reports answered OK'));
			return acknowledge(response);
		}

		// 4. Account
		const usernames = parseList(options.usernames);
		const stranger = findUsernameMismatch(usernames, reports, EVENT_INFO[event].carriesUsername);
		if (stranger !== undefined) {
			this.logger.warn(
				log(
					`refused a callback for account "${forLog(stranger.username)}": not an accepted username`,
				),
			);
			return refuse(response, 403, 'Forbidden');
		}

		// 5. Filters
		const filters = readParameter(this, node, 'filters', {}) as IDataObject;
		if (format === 'dlr') {
			const statuses = parseList(filters.statuses);
			reports = reports.filter((report) => passesStatusFilter(report, statuses));
		} else if (format === 'mo') {
			const inbound = {
				keywords: parseList(filters.keywords),
				keywordMatch: (filters.keywordMatch === 'contains'
					? 'contains'
					: 'startsWith') as KeywordMatch,
				senders: parseList(filters.senders),
			};
			reports = reports.filter((report) => passesInboundFilter(report, inbound));
		}
		if (reports.length === 0) return acknowledge(response);

		// Callbacks close together start one execution (from version 2; never on the Test URL).
		const mode = this.getMode();
		const { windowMs, longestMs } = combineWindows(node.typeVersion, mode !== 'webhook', () =>
			readParameter(this, node, 'combineWithin', DEFAULT_COMBINE_MS),
		);

		// 6. Repeats. With callbacks combined, only the callback that starts the batch's execution
		// hands the memory to n8n for saving, after the window, whatever save is on its way (one
		// save per window, not one per callback: n8n holds each callback whose static data changed,
		// with its isolate, until its save is in the database). The memory of this running n8n
		// knows every report at once.
		const dedupe = readParameter(this, node, 'deduplicate', true) !== false;
		const staticData = dedupe ? this.getWorkflowStaticData('node') : {};
		const scope = [workflowId, nodeName, mode].join('\u0000');
		const remember = (fresh: IDataObject[], handOver: Parameters<typeof rememberReports>[6]) => {
			const remembered = rememberReports(
				scope,
				staticData[DEDUPE_STATE_KEY],
				format,
				fresh,
				Math.floor(Date.now() / 1000),
				undefined,
				handOver,
			);
			// Assigned (not mutated in place) so n8n's change tracking marks the static data for saving.
			if (remembered.save)
				staticData[DEDUPE_STATE_KEY] = remembered.state as unknown as IDataObject;
			return remembered;
		};
		if (dedupe) {
			const { fresh, repeated } = remember(reports, windowMs === 0 ? 'unlessInFlight' : 'never');
			if (repeated > 0)
				this.logger.debug(log(`${repeated} report(s) already received were not passed on`));
			reports = fresh;
			if (reports.length === 0) return acknowledge(response);
		}

		// 7. Answered before the window: the service never waits for it.
		answer(response, 200, OK_BODY);
		const batch = await combineCallbacks(scope, windowMs, reports, longestMs);
		if (batch && dedupe && windowMs > 0) remember([], 'always');
		return start(batch ?? []);
	} catch (error) {
		// Anything unexpected: no execution, and no OK either, so the service keeps the report and
		// calls again instead of it being lost.
		const message = error instanceof Error ? error.message : String(error);
		this.logger.error(log(`could not handle a callback: ${message}`));
		return refuse(response, 500, 'Internal Server Error');
	}
}
