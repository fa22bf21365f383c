import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export type Params = Record<string, string>;

/** Room for a voice message's uploaded file (2 MB, docs/service-differences.md R2) and more, to refuse it. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export const round4 = (value: number): number => Math.round(value * 10000) / 10000;

export function isoWithOffset(date: Date = new Date()): string {
	return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

const idStart = BigInt(Date.now()) * 1000000n;
let idCounter = 0n;
/** 19-digit numeric ids like the service's sms.do ids. */
export function nextMessageId(): string {
	idCounter += 1n;
	return String(idStart + idCounter * 7n);
}

/** 24-hex ids like the service's REST resources. */
export function hexId(): string {
	return randomBytes(12).toString('hex');
}

export function truthy(value: string | undefined): boolean {
	return value === '1' || value === 'true';
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) {
				reject(new Error('body too large'));
				req.destroy();
				return;
			}
			chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

function percentDecodeToBytes(text: string): Buffer {
	const bytes: number[] = [];
	const source = Buffer.from(text.replace(/\+/g, ' '), 'latin1');
	for (let i = 0; i < source.length; i++) {
		const b = source[i];
		if (b === 0x25 && i + 2 < source.length && /^[0-9a-fA-F]{2}$/.test(source.toString('latin1', i + 1, i + 3))) {
			bytes.push(parseInt(source.toString('latin1', i + 1, i + 3), 16));
			i += 2;
		} else {
			bytes.push(b);
		}
	}
	return Buffer.from(bytes);
}

const ENCODINGS: Record<string, string> = {
	'utf-8': 'utf-8',
	utf8: 'utf-8',
	'iso-8859-2': 'iso-8859-2',
	'windows-1250': 'windows-1250',
};

export function isKnownEncoding(encoding: string): boolean {
	return ENCODINGS[encoding.toLowerCase()] !== undefined;
}

/**
 * Form-urlencoded parsing that honours the send parameter `encoding`: the percent-encoded bytes are
 * decoded with that charset (utf-8 default, iso-8859-2, windows-1250).
 */
export function parseForm(raw: string, encoding = 'utf-8'): Params {
	const decoder = new TextDecoder(ENCODINGS[encoding.toLowerCase()] ?? 'utf-8');
	const params: Params = {};
	for (const pair of raw.split('&')) {
		if (!pair) continue;
		const eq = pair.indexOf('=');
		const key = eq === -1 ? pair : pair.slice(0, eq);
		const value = eq === -1 ? '' : pair.slice(eq + 1);
		params[decoder.decode(percentDecodeToBytes(key))] = decoder.decode(percentDecodeToBytes(value));
	}
	return params;
}

/** Parses a form body twice when needed: the `encoding` parameter tells the charset of the bytes. */
export function parseFormWithEncoding(raw: string, queryEncoding?: string): Params {
	const first = parseForm(raw);
	const encoding = first.encoding ?? queryEncoding;
	if (encoding && isKnownEncoding(encoding) && ENCODINGS[encoding.toLowerCase()] !== 'utf-8') {
		return parseForm(raw, encoding);
	}
	return first;
}

/** JSON bodies on sms.do: values become the strings a form would have carried. */
export function flattenJson(value: unknown, key = ''): Params {
	const out: Params = {};
	if (value === null || typeof value !== 'object' || Array.isArray(value)) return out;
	for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
		if (v === null || v === undefined) continue;
		const name = key ? `${key}[${k}]` : k;
		if (Array.isArray(v)) {
			const separator = k === 'to' || k === 'sch_del' || k === 'number' ? ',' : '|';
			out[name] = v.map((x) => String(x)).join(separator);
		} else if (typeof v === 'boolean') {
			out[name] = v ? '1' : '0';
		} else if (typeof v === 'object') {
			Object.assign(out, flattenJson(v, name));
		} else {
			out[name] = String(v);
		}
	}
	return out;
}

export function clientIp(req: IncomingMessage): string {
	const address = req.socket.remoteAddress ?? '';
	return address.startsWith('::ffff:') ? address.slice(7) : address;
}

export const LEGACY_ERRORS: Record<number, string> = {
	7: 'Short links are disabled',
	8: 'Error in request',
	11: 'Message too long or contains special characters',
	12: 'Message has more parts than defined',
	13: 'No correct phone numbers',
	14: 'Wrong sender name',
	17: 'FLASH message cannot contain special characters',
	18: 'Invalid number of parameters',
	19: 'Too many messages in one request',
	20: 'Invalid number of IDX parameters',
	25: 'Parameters normalize and datacoding cannot be used together',
	27: 'Too long IDX parameter (max 255 chars)',
	28: 'Invalid time_restriction parameter value',
	30: 'Wrong UDH parameter',
	40: 'Group does not exist',
	41: 'Selected group is empty',
	50: 'Messages may be scheduled up to 3 months in advance',
	53: 'Not unique idx parameter, message with the same idx has been already sent and check_idx=1',
	54: 'Wrong date - (only unix timestamp and ISO 8601)',
	56: 'The difference between date sent and expiration date cannot be less than 15 minutes and more than 72 hours',
	60: 'Group of codes with this name does not exist',
	61: 'Expired date of the group of codes',
	62: 'No free codes left in the group of codes',
	70: 'Invalid URL in notify_url parameter',
	76: 'Invalid characters in parameters',
	93: 'Personalised parameters cannot be used with group sending',
	101: 'Authorization failed',
	102: 'Invalid username or password',
	103: 'Insufficient credits on your account',
	104: 'No such template',
	105: 'Wrong IP address (for IP filter turned on)',
	301: 'Not exists ID message',
	1000: 'Action available only for the main user',
	1001: 'Invalid action',
	1021: 'No data to edit',
	1032: 'Sub-user does not exist',
	1111: 'No sub-user name',
	1112: 'Sub-user name too short (minimum 3 characters)',
	1113: 'Sub-user name too long',
	1114: 'Illegal characters in sub-user name',
	1115: 'Another user with this name already exists',
	1121: 'Password too short',
	1123: 'Password must be an md5 hash',
	1131: 'Limit must be a number',
	1141: 'Month limit must be a number',
	1150: 'Invalid senders value (0 or 1)',
	1160: 'Invalid phonebook value (0 or 1)',
	1170: 'Invalid active value (0 or 1)',
	1183: 'Info too long (max 255 characters)',
	1193: 'API password must be an md5 hash',
	2001: 'Invalid sender name',
	2002: 'Sender name already exists',
	2003: 'No such sender name',
	2004: 'Sender name is not active',
	2005: 'The default sender name cannot be deleted',
};

export function legacyErrorMessage(code: number): string {
	return LEGACY_ERRORS[code] ?? 'Error';
}

export const isMd5 = (value: string): boolean => /^[0-9a-f]{32}$/i.test(value);
