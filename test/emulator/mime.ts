/**
 * Just enough MIME for the mail2sms gateway: headers, RFC 2047 subjects, multipart bodies and the
 * plain / quoted-printable / base64 transfer encodings.
 */

export interface MimeEntity {
	headers: Map<string, string>;
	body: Buffer;
}

export interface DecodedText {
	text: string;
	transferEncoding: string;
	contentType: string;
}

export function parseEntity(raw: Buffer): MimeEntity {
	const source = raw.toString('latin1');
	const match = /^\r?\n/.exec(source) ?? /\r?\n\r?\n/.exec(source);
	const headerText = match ? source.slice(0, match.index) : source;
	const bodyStart = match ? match.index + match[0].length : source.length;
	const headers = new Map<string, string>();
	for (const line of headerText.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
		const colon = line.indexOf(':');
		if (colon <= 0) continue;
		const name = line.slice(0, colon).trim().toLowerCase();
		if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
	}
	return { headers, body: Buffer.from(source.slice(bodyStart), 'latin1') };
}

function headerParams(value: string): { value: string; params: Record<string, string> } {
	const [main, ...rest] = value.split(';');
	const params: Record<string, string> = {};
	for (const part of rest) {
		const eq = part.indexOf('=');
		if (eq === -1) continue;
		params[part.slice(0, eq).trim().toLowerCase()] = part
			.slice(eq + 1)
			.trim()
			.replace(/^"(.*)"$/, '$1');
	}
	return { value: main.trim().toLowerCase(), params };
}

function decodeCharset(bytes: Buffer, charset: string | undefined): string {
	const name = (charset ?? 'utf-8').toLowerCase();
	try {
		return new TextDecoder(name === 'us-ascii' ? 'utf-8' : name).decode(bytes);
	} catch {
		return bytes.toString('utf8');
	}
}

export function decodeQuotedPrintable(text: string): Buffer {
	const unfolded = text.replace(/=\r?\n/g, '');
	const bytes: number[] = [];
	for (let i = 0; i < unfolded.length; i++) {
		const hex = unfolded.slice(i + 1, i + 3);
		if (unfolded[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
			bytes.push(parseInt(hex, 16));
			i += 2;
		} else {
			bytes.push(unfolded.charCodeAt(i) & 0xff);
		}
	}
	return Buffer.from(bytes);
}

function decodeTransfer(body: Buffer, encoding: string): Buffer {
	if (encoding === 'base64') return Buffer.from(body.toString('latin1').replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
	if (encoding === 'quoted-printable') return decodeQuotedPrintable(body.toString('latin1'));
	return body;
}

/** RFC 2047 encoded words (`=?utf-8?B?...?=`, `=?utf-8?Q?...?=`). */
export function decodeHeader(value: string): string {
	const bytes = Buffer.from(value, 'latin1').toString('utf8');
	return bytes
		.replace(/\?=\s+=\?/g, '?==?')
		.replace(/=\?([^?]+)\?([bqBQ])\?([^?]*)\?=/g, (_, charset: string, kind: string, data: string) => {
			const raw =
				kind.toUpperCase() === 'B'
					? Buffer.from(data, 'base64')
					: decodeQuotedPrintable(data.replace(/_/g, ' '));
			return decodeCharset(raw, charset);
		});
}

/** The text of a message: its text/plain part (multipart/alternative included), else text/html without tags. */
export function extractText(entity: MimeEntity): DecodedText | null {
	const type = headerParams(entity.headers.get('content-type') ?? 'text/plain; charset=us-ascii');
	const transferEncoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase().trim();
	if (type.value.startsWith('multipart/')) {
		const boundary = type.params.boundary;
		if (!boundary) return null;
		const parts: MimeEntity[] = [];
		let current: string[] | null = null;
		for (const line of entity.body.toString('latin1').split(/\r?\n/)) {
			const trimmed = line.trimEnd();
			if (trimmed === `--${boundary}` || trimmed === `--${boundary}--`) {
				if (current) parts.push(parseEntity(Buffer.from(current.join('\r\n'), 'latin1')));
				if (trimmed === `--${boundary}--`) break;
				current = [];
				continue;
			}
			if (current) current.push(line);
		}
		const decoded = parts.map(extractText).filter((d): d is DecodedText => d !== null);
		return decoded.find((d) => d.contentType === 'text/plain') ?? decoded[0] ?? null;
	}
	if (!type.value.startsWith('text/')) return null;
	let text = decodeCharset(decodeTransfer(entity.body, transferEncoding), type.params.charset);
	if (type.value === 'text/html') text = text.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]+>/g, '');
	return { text, transferEncoding, contentType: type.value };
}

const GATEWAY_PARAMS = new Set([
	'from',
	'to',
	'message',
	'group',
	'template',
	'param1',
	'param2',
	'param3',
	'param4',
	'idx',
	'check_idx',
	'date',
	'date_validate',
	'expiration_date',
	'time_restriction',
	'flash',
	'test',
	'details',
	'fast',
	'normalize',
	'nounicode',
	'encoding',
	'max_parts',
	'single',
	'allow_duplicates',
	'notify_url',
	'discount_group',
	'datacoding',
	'udh',
	'raport',
]);

/** `message=` where it starts a parameter: at the very start, after `&` or at a line start (spaces or tabs before it). */
const MESSAGE_START = /(?:^|[&\n])[ \t]*message=/i;

/**
 * A gateway body as the vendor's mail2sms reads it: parameters separated by `&` or line breaks,
 * values taken literally (no URL decoding), and everything after the first `message=` that starts
 * a parameter is the message text, `&`, `=` and line breaks included. Before it, a piece that
 * does not start a known parameter continues the previous value. Trailing whitespace (the mail's
 * own line ends) is dropped. Linear in the body's length.
 */
export function parseGatewayBody(text: string): Record<string, string> {
	const body = text.replace(/\r\n/g, '\n');
	const params: Record<string, string> = {};
	const start = MESSAGE_START.exec(body);
	const head = start ? body.slice(0, start.index) : body;
	if (start) params.message = body.slice(start.index + start[0].length).trimEnd();
	const pieces = head.split(/(&|\n)/);
	let lastKey: string | null = null;
	for (let i = 0; i < pieces.length; i += 2) {
		const token = pieces[i];
		const separator = i > 0 ? pieces[i - 1] : '';
		const eq = token.indexOf('=');
		const name = eq > 0 ? token.slice(0, eq).trim().toLowerCase() : '';
		if (GATEWAY_PARAMS.has(name) && name !== 'message') {
			lastKey = name;
			params[lastKey] = token.slice(eq + 1);
		} else if (lastKey !== null) {
			params[lastKey] += separator + token;
		}
	}
	for (const key of Object.keys(params)) params[key] = params[key].trimEnd();
	return params;
}
