import type { UploadFile } from '../transport';

/**
 * A file a send carries as a part of a multipart body (a voice message's audio file from the
 * item's binary data), with its SHA-256: sends share a request only with the same file
 * (batching.ts), and the file is part of what the generated idx values stand for (idx/).
 *
 * It holds no bytes: the file was read and checked once before anything was sent, and `load`
 * reads it again when the request that carries it is built (executeSends.ts), so a run holds the files of
 * the requests in flight, not every item's (40 items of 2 MiB would otherwise stay in memory
 * until the last request has gone out).
 */
export interface SendUpload {
	/** The part's name (`file`). */
	field: string;
	/** Hex SHA-256 of the file's bytes, as checked. */
	sha256: string;
	/** The file part with the same bytes (throws when they are no longer those checked). */
	load(): Promise<UploadFile>;
}

/**
 * What a request sends, as the idx record compares it (idx/idxRefusal.ts): its wire parameters
 * and, with an upload, the file's hash in place of the file (which is no wire parameter).
 */
export function sentContent(request: {
	params: Record<string, string>;
	upload?: SendUpload;
}): Record<string, string> {
	if (!request.upload) return request.params;
	return { ...request.params, [`${request.upload.field} (uploaded)`]: request.upload.sha256 };
}
