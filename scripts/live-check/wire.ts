/**
 * One request and its answer as they crossed the live check's gateway (gateway.ts): the exact
 * bytes the node sent and the service answered, parsed just enough to read their parameters.
 */

export interface WireRequest {
	method: string;
	/** Path without the query string, e.g. `/sms.do`, `/contacts/5f3a...`. */
	path: string;
	/** The raw query string (without `?`). */
	query: string;
	/** Request headers by lower-case name. */
	headers: Record<string, string>;
	/** The body as text (empty without one). */
	body: string;
}

export interface WireResponse {
	status: number;
	contentType: string;
	body: string;
}

export interface Exchange {
	/** The check that made the request. */
	check: string;
	/** Which of the gateway's addresses the node used: the service's primary or its backup. */
	address: 'primary' | 'backup';
	request: WireRequest;
	/** Absent when the guard refused the request (then `refused` says why) or the service was unreachable. */
	response?: WireResponse;
	refused?: string;
	/** A network failure reaching the service. */
	failure?: string;
}

/** Every parameter of a request: the query, then a form or JSON body (flattened one level, lists joined). */
export function requestParameters(request: Pick<WireRequest, 'query' | 'headers' | 'body'>): Record<string, string> {
	const parameters: Record<string, string> = {};
	for (const [key, value] of new URLSearchParams(request.query)) parameters[key] = value;
	const contentType = (request.headers['content-type'] ?? '').toLowerCase();
	if (request.body === '') return parameters;
	if (contentType.includes('application/json')) {
		try {
			const parsed = JSON.parse(request.body) as unknown;
			if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
				for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
					parameters[key] = Array.isArray(value) ? value.map(String).join(',') : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
				}
			}
		} catch {
			parameters['<body>'] = request.body;
		}
		return parameters;
	}
	for (const [key, value] of new URLSearchParams(request.body)) parameters[key] = value;
	return parameters;
}

/** `/contacts/5f3a…` -> `/contacts/{id}`: ids (24-hex, long digit runs) replaced, for comparing requests. */
export function pathTemplate(path: string): string {
	return path
		.split('/')
		.map((segment) => (/^[0-9a-f]{24}$/i.test(segment) || /^\d{6,}$/.test(segment) ? '{id}' : segment))
		.join('/');
}

/** `GET /contacts/{id}`: how a request is named in the table and the pinned shapes. */
export function requestLabel(request: Pick<WireRequest, 'method' | 'path'>): string {
	return `${request.method} ${pathTemplate(request.path)}`;
}
