import type { UploadFile } from '../transport';

/**
 * A file a send carries as a part of a multipart body (a voice message's audio file from the
 * item's binary data), with its SHA-256: sends share a request only with the same file
 * (batching.ts), and the file is part of what the generated idx values stand for (idx/).
 */
export interface SendUpload {
	file: UploadFile;
	/** Hex SHA-256 of `file.data`. */
	sha256: string;
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
	return { ...request.params, [`${request.upload.file.field} (uploaded)`]: request.upload.sha256 };
}
