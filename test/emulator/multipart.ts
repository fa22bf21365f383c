/**
 * `multipart/form-data` bodies (RFC 7578) as the service reads them: text parts are parameters,
 * parts with a filename are uploaded files. The only multipart request of the official clients is
 * smsapi-javascript-client's voice message with a local file (`getFormDataForVmsLocalFile`): every
 * parameter a text part, the file the part `file` (docs/service-differences.md, R2). What shape
 * the emulator accepts is the conformance check's business (conformance/legacy-api.ts).
 */
import { createHash } from 'node:crypto';

import type { Params } from './util';

/** One part with a filename. */
export interface UploadedFile {
	name: string;
	filename: string;
	/** The part's own Content-Type, lower case without parameters; '' when it has none. */
	contentType: string;
	data: Buffer;
}

export interface MultipartBody {
	fields: Params;
	files: UploadedFile[];
	/** Text parameters given twice with different values (the JavaScript client repeats `to`, with the same value). */
	conflicting: string[];
}

/** What the records and the messages keep of a file: enough to prove the bytes arrived intact. */
export interface FileSummary {
	name: string;
	filename: string;
	contentType: string;
	bytes: number;
	sha256: string;
}

export function summarise(file: UploadedFile): FileSummary {
	return {
		name: file.name,
		filename: file.filename,
		contentType: file.contentType,
		bytes: file.data.length,
		sha256: createHash('sha256').update(file.data).digest('hex'),
	};
}

/** A header's parameter (`name="x"`, `boundary=y`), unquoted; undefined when absent. */
function headerParameter(header: string, name: string): string | undefined {
	const match = new RegExp(`;\\s*${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, 'i').exec(header);
	if (!match) return undefined;
	return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}

/** The boundary of a `multipart/form-data` Content-Type, or undefined. */
export function boundaryOf(contentType: string): string | undefined {
	if (!/^multipart\/form-data\s*(;|$)/i.test(contentType.trim())) return undefined;
	const boundary = headerParameter(contentType, 'boundary');
	return boundary && boundary.length <= 70 ? boundary : undefined;
}

/** Parses the body, or names why it cannot be read. */
export function parseMultipart(raw: Buffer, contentType: string): MultipartBody | { error: string } {
	const boundary = boundaryOf(contentType);
	if (!boundary) return { error: 'multipart/form-data without a usable boundary' };
	const delimiter = Buffer.from(`--${boundary}`, 'latin1');
	if (!raw.subarray(0, delimiter.length).equals(delimiter)) return { error: 'the body does not start with its boundary' };
	const body: MultipartBody = { fields: {}, files: [], conflicting: [] };
	const separator = Buffer.concat([Buffer.from('\r\n', 'latin1'), delimiter]);
	let at = delimiter.length;
	for (;;) {
		if (raw.subarray(at, at + 2).toString('latin1') === '--') break;
		if (raw.subarray(at, at + 2).toString('latin1') !== '\r\n') return { error: 'a boundary line is not followed by a line break' };
		const headersEnd = raw.indexOf('\r\n\r\n', at + 2, 'latin1');
		if (headersEnd < 0) return { error: 'a part without the empty line after its headers' };
		const next = raw.indexOf(separator, headersEnd + 4);
		if (next < 0) return { error: 'the body ends without its closing boundary' };
		const headers = raw.subarray(at + 2, headersEnd).toString('utf8').split('\r\n');
		const header = (name: string) => headers.find((line) => line.toLowerCase().startsWith(`${name}:`))?.slice(name.length + 1).trim();
		const disposition = header('content-disposition') ?? '';
		const name = headerParameter(disposition, 'name');
		if (!/^form-data\s*;/i.test(disposition) || name === undefined) return { error: 'a part without Content-Disposition: form-data and a name' };
		const data = raw.subarray(headersEnd + 4, next);
		const filename = headerParameter(disposition, 'filename');
		if (filename !== undefined) {
			const type = (header('content-type') ?? '').split(';')[0].trim().toLowerCase();
			body.files.push({ name, filename, contentType: type, data: Buffer.from(data) });
		} else {
			const value = data.toString('utf8');
			if (name in body.fields && body.fields[name] !== value && !body.conflicting.includes(name)) body.conflicting.push(name);
			body.fields[name] = value;
		}
		at = next + separator.length;
	}
	return body;
}
