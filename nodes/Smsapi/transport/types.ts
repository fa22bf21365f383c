import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import type { UploadFile } from './multipart';

/** The n8n contexts the transport runs in: a node's execute, its dropdowns, the trigger's hooks and webhook. */
export type SmsapiContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions
	| IExecuteSingleFunctions;

/**
 * What an operation asks of the transport. Operations describe the request;
 * the transport alone decides addresses, authentication, retries and failover.
 */
export interface SmsapiRequest {
	/** `OPTIONS` only where the published API defines it (`OPTIONS /callbacks`: what may be registered). */
	method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
	/** Path relative to the base address, without a leading slash: `sms.do`, `profile`, `contacts/abc`. */
	endpoint: string;
	qs?: IDataObject;
	/**
	 * Sent form-encoded (`application/x-www-form-urlencoded`), as JSON with `bodyFormat: 'json'`,
	 * or as the text parts of a multipart body with `bodyFormat: 'multipart'`.
	 */
	body?: IDataObject;
	/**
	 * `json`: the body goes out as `application/json` with its values' own types, for the REST
	 * endpoints whose published API accepts only JSON (`POST /callbacks`, `PUT /callbacks/{id}`).
	 * `multipart`: `multipart/form-data`, every body parameter a text part and `file` the last
	 * part (a voice message's uploaded audio file). Default `form`.
	 */
	bodyFormat?: 'form' | 'json' | 'multipart';
	/** The file part of a `multipart` body; every attempt sends the same bytes, boundary included. */
	file?: UploadFile;
	/**
	 * Whether sending this request twice does no harm, which decides if the transport may repeat
	 * it (on the backup address) after a failure that may have reached the service.
	 * - `true`: reads, and writes that set or remove a state (contact update, sender delete and
	 *   set-default, `sch_del`, `set_user`, group membership, callback `PUT`/`DELETE`): a second
	 *   time changes nothing more. A repeat of an accepted delete may be answered "not found".
	 * - `false`: it charges or creates something (a send, an HLR lookup, a new contact, sub-user,
	 *   sender name or callback registration); the transport repeats it only when the failure
	 *   proves the service never got it or refused it unprocessed, or an idx guard
	 *   (`idx` + `check_idx=1`) makes the service refuse a copy.
	 */
	safeToRepeat: boolean;
	/**
	 * Legacy endpoints (`*.do`) answer business errors with HTTP 200 and get `format=json`.
	 * Default: true when the endpoint ends with `.do`.
	 */
	legacy?: boolean;
	/**
	 * The request's `idx` values were generated for it alone (unique to this request, never a
	 * user's reference): error 53 to a repeat then proves an earlier attempt was accepted
	 * (`meta.acceptedEarlier`). Without it a 53 to a repeat may as well mean the idx had been used
	 * before, and stays an error that says both.
	 */
	idxGenerated?: boolean;
	/**
	 * The published API takes only the bearer token here. A credential with the earlier variant's
	 * username and password is refused with an error that says so, before anything is sent
	 * (tokenOnly.ts). Default: true for REST endpoints (every endpoint but the legacy `*.do`).
	 */
	tokenOnly?: boolean;
	/**
	 * Awaited after the answer has arrived and before it is read (parsed): a run with several large
	 * answers in flight lets them take turns here, so that answers arriving together are not all
	 * parsed in one turn of the event loop (helpers/pacer.ts, `Turns`).
	 */
	beforeReading?: () => Promise<void>;
	/** Override the request timeout in milliseconds. */
	timeout?: number;
	/**
	 * Secret values this request carries that no field name tells (the SMSAPI Trigger's secret as
	 * the last path segment of its callback URL), kept out of every error and log line in each form
	 * they may take there (errors/redact.ts), as the credential's are.
	 */
	secrets?: readonly string[];
	/** Index of the input item this request serves; put on errors as `context.itemIndex`. */
	itemIndex?: number;
	/**
	 * Which plain-text answer to expect if the service ignores `format=json`. Default: derived
	 * from the endpoint and its selecting parameter (see `textShapeFor`).
	 */
	textShape?: SmsapiTextShape;
}

/**
 * The plain-text answer shapes of the legacy endpoints (docs/service-behaviour.md, "Plain-text answers"), each with its own parser.
 * - `send`: `OK:<ID>:<POINTS>` or `OK:<ID>:<POINTS>:<PHONE>;` repeated
 * - `hlr`: `OK:<NUMBER>:<ID>:<POINTS>;` / `ERROR:<NUMBER>:<ERR>;` concatenated
 * - `balance`: `Points: <n>` / `Credits: <n>`
 * - `subuser`: `OK:<SUB_NAME>` (add, edit)
 * - `subuserGet`: `OK:<LIMIT>:<MONTH_LIMIT>:<SENDERS>:<PHONEBOOK>:<ACTIVE>:<INFO>`
 * - `subuserList`: `OK: <sub1>:<sub2>`
 * - `senderStatus`: `OK:<STATUS>`
 * - `senderName`: `OK:<SENDER_NAME>` (delete)
 * - `senderList`: `OK:<SENDER>,<STATUS>:...`
 * - `ok`: `OK` alone (sender add, set default) or any other `OK[:value]`
 */
export type SmsapiTextShape =
	| 'send'
	| 'hlr'
	| 'balance'
	| 'subuser'
	| 'subuserGet'
	| 'subuserList'
	| 'senderStatus'
	| 'senderName'
	| 'senderList'
	| 'ok';

/** How the transport reached its answer; operations may surface it, never need it. */
interface SmsapiResponseMeta {
	/** `primary` or `backup`: the address that gave the final answer. */
	address: 'primary' | 'backup';
	/** Total HTTP attempts made, retries and failover included. */
	attempts: number;
	/**
	 * True when a repeated create (same generated `idx`, `check_idx=1`, `idxGenerated`) was
	 * answered with error 53: the first attempt had already been accepted, so nothing was sent
	 * twice. `data` then holds the service's 53 answer, not a send result.
	 */
	acceptedEarlier?: boolean;
	/** HTTP status of the final answer. */
	httpStatus?: number;
}

export interface SmsapiResponse<T = unknown> {
	data: T;
	meta: SmsapiResponseMeta;
}
