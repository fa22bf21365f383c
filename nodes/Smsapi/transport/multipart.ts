import { randomBytes } from 'node:crypto';

/**
 * `multipart/form-data` bodies (RFC 7578), built here because runtime code takes no form-data
 * package: the one request that needs it is a voice message with an uploaded audio file, which
 * smsapi-javascript-client posts to `vms.do` as text parts for every parameter and the file as the
 * part `file` (docs/service-differences.md, R2).
 */

/** A file part of a multipart body. */
export interface UploadFile {
	/** The part's name (`file`). */
	field: string;
	filename: string;
	contentType: string;
	data: Buffer;
}

const CRLF = '\r\n';

/**
 * A boundary for one request: 32 random hex characters behind a fixed prefix. Chosen once per
 * request, so every attempt of it (retries, the backup address) carries the same bytes.
 */
export function multipartBoundary(): string {
	return `----n8nSmsapiBoundary${randomBytes(16).toString('hex')}`;
}

/** A name or filename inside a quoted header parameter, escaped as browsers do (RFC 7578, 4.2). */
function quoted(value: string): string {
	return `"${value.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22')}"`;
}

/** The `Content-Type` header of a body with this boundary. */
export function multipartContentType(boundary: string): string {
	return `multipart/form-data; boundary=${boundary}`;
}

/**
 * The body: one text part per field (UTF-8, in the order given), then the file. Throws when the
 * boundary occurs in a value or the file (it cannot by chance: 128 random bits), since the
 * service would then read another request than the one meant.
 */
export function encodeMultipart(
	fields: Record<string, string>,
	file: UploadFile,
	boundary: string,
): Buffer {
	const delimiter = `--${boundary}`;
	const chunks: Buffer[] = [];
	for (const [name, value] of Object.entries(fields)) {
		if (value.includes(delimiter)) throw new Error('multipart boundary found in a field value');
		chunks.push(
			Buffer.from(
				`${delimiter}${CRLF}Content-Disposition: form-data; name=${quoted(name)}${CRLF}${CRLF}${value}${CRLF}`,
				'utf8',
			),
		);
	}
	if (file.data.includes(delimiter)) throw new Error('multipart boundary found in the file');
	chunks.push(
		Buffer.from(
			`${delimiter}${CRLF}Content-Disposition: form-data; name=${quoted(file.field)}; filename=${quoted(file.filename)}${CRLF}` +
				`Content-Type: ${file.contentType}${CRLF}${CRLF}`,
			'utf8',
		),
		file.data,
		Buffer.from(`${CRLF}${delimiter}--${CRLF}`, 'utf8'),
	);
	return Buffer.concat(chunks);
}
