/**
 * The vocabulary of the emulator's conformance descriptions: what a request to the real service may
 * carry. The descriptions themselves (rest-api.ts, legacy-api.ts) are our own summaries of SMSAPI's
 * published OpenAPI files and of the parameters its official clients send; they live in the repo
 * because tests run without a network.
 */
import type { UploadedFile } from '../multipart';

/** How a value is checked. Form and query values are strings; JSON values keep their JSON type. */
export type ValueType =
	| 'string'
	| 'integer'
	| 'number'
	| 'boolean'
	/** YYYY-MM-DD */
	| 'date'
	| 'email'
	/** An http(s) address. */
	| 'url'
	/** The service's 24-hex object id. */
	| 'id'
	/** Digits only, 8 to 16 of them (the published `PhoneNumber`). */
	| 'phone'
	/** A JSON object (nested fields are not described further). */
	| 'object';

export interface FieldRule {
	type: ValueType;
	/** Allowed values (compared as text). */
	enum?: readonly string[];
	/** Inclusive bounds for integer and number. */
	min?: number;
	max?: number;
	/** Several values allowed: repeated, comma-separated or (JSON) an array. */
	list?: boolean;
	/** Legacy endpoints: the error code the service answers a bad value with (default 8, error in request). */
	code?: number;
}

export type Fields = Readonly<Record<string, FieldRule>>;

/** One problem of a request, in the REST error item's terms. */
export interface Problem {
	/** The parameter, field or part of the request (`receiver_type`, `content-type`, `path`). */
	path: string;
	/** A tag as the service uses them (`required`, `invalid_type`, `unknown_field`, ...). */
	error: string;
	message: string;
	value?: unknown;
	/** Legacy endpoints: the error code to answer with. */
	code?: number;
}

/** `multipart`: `multipart/form-data`, text parts as parameters and uploaded files (multipart.ts). */
export type MediaType = 'form' | 'json' | 'multipart';

export interface RestBody {
	/** Media types the published API documents for the body. */
	media: readonly MediaType[];
	fields: Fields;
	required?: readonly string[];
	/** At least one field of each group must be present (e.g. phone number or e-mail). */
	requiredOneOf?: ReadonlyArray<readonly string[]>;
	/**
	 * Fields beyond `fields`: `customFields` takes the account's custom contact fields, a rule takes
	 * any name with values of that rule (e.g. group ids keyed 1, 2, ...).
	 */
	additional?: 'customFields' | FieldRule;
	/** Rules that depend on other fields (a callback for inbound messages needs `receiver_type`). */
	refine?: (body: Readonly<Record<string, unknown>>) => Problem[];
}

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';

export interface RestOperation {
	method: HttpMethod;
	/** Path template with `{name}` segments, as in the published API. */
	path: string;
	/** What it does, in a few words. */
	summary: string;
	query?: Fields;
	/** Query parameters beyond `query` (custom contact fields as list filters). */
	additionalQuery?: 'customFields';
	body?: RestBody;
}

/** A legacy `*.do` endpoint: parameters come in the query or the body (form, or JSON where documented). */
export interface LegacyEndpoint {
	path: string;
	summary: string;
	methods: readonly HttpMethod[];
	media: readonly MediaType[];
	parameters: Fields;
	/** The code the service answers an unknown parameter or a missing selector with (default 8, error in request). */
	requestErrorCode?: number;
	/**
	 * Problems of a request whose parameters are all known (missing selector, missing recipient, ...);
	 * `files` are a multipart body's uploaded files.
	 */
	refine?: (params: Readonly<Record<string, string>>, files: readonly UploadedFile[]) => Problem[];
	/** The uploaded files a multipart body may carry; without it, none. */
	files?: (files: readonly UploadedFile[]) => Problem[];
}

/** A request that the published API or the official clients would not send. */
export interface Violation {
	/** The emulator's request sequence number (see `/__control/requests`). */
	seq: number;
	method: string;
	path: string;
	problems: Problem[];
	/** HTTP status the emulator answered with. */
	status: number;
	time: string;
}
