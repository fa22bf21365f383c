import { createHash } from 'node:crypto';

import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { SendUpload } from '../../send/upload';
import type { UploadFile } from '../../transport';

/**
 * A voice message's audio file taken from the item's binary data, checked before anything is
 * sent, in the shape smsapi-javascript-client uploads a local file to `vms.do`: the part `file`,
 * filename `vms.wav`, `Content-Type: audio/wav` (docs/service-differences.md, R2). The clients
 * upload only WAV, so only WAV is taken; an MP3 can still be played from an address (Audio File
 * URL).
 */

/**
 * The largest file taken: 2 MiB. SMSAPI publishes no limit for uploaded voice files (unconfirmed);
 * this one holds about two minutes of telephone-quality audio (8 kHz, 16-bit, mono) and keeps a
 * run's memory in bounds.
 */
const MAX_AUDIO_FILE_BYTES = 2 * 1024 * 1024;

/** A RIFF header (12 bytes) and the format chunk's header: no smaller file plays. */
const MIN_WAV_BYTES = 44;

/** Mime types that name WAV; a generic one leaves the decision to the file's own header. */
const WAV_MIME_TYPES = [
	'audio/wav',
	'audio/x-wav',
	'audio/wave',
	'audio/vnd.wave',
	'audio/x-pn-wav',
];
const GENERIC_MIME_TYPES = ['', 'application/octet-stream', 'binary/octet-stream'];

/** The upload's fixed shape, as the official client sends it. */
const UPLOAD_FIELD = 'file';
const UPLOAD_FILENAME = 'vms.wav';
const UPLOAD_CONTENT_TYPE = 'audio/wav';

/** Whether the bytes start as a WAV file does: `RIFF`, a size, `WAVE`. */
function isWav(data: Buffer): boolean {
	return (
		data.length >= 12 &&
		data.toString('latin1', 0, 4) === 'RIFF' &&
		data.toString('latin1', 8, 12) === 'WAVE'
	);
}

/** A size in bytes with thousands separators: `2,098,020 bytes`. */
function bytesText(bytes: number): string {
	return `${String(bytes).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} bytes`;
}

function refusal(
	this: IExecuteFunctions,
	itemIndex: number,
	message: string,
	why: string,
): NodeOperationError {
	return new NodeOperationError(this.getNode(), message, {
		itemIndex,
		description: `Nothing was sent for this item. ${why}`,
	});
}

const ACCEPTED =
	"The node uploads WAV files only (RIFF/WAVE), as SMSAPI's own clients do; an MP3 can be played from a public address (Audio File URL).";

function named(binary: IBinaryData): string {
	return binary.fileName ? ` "${binary.fileName}"` : '';
}

/** A type that names another format than WAV, or a size over the limit: known before reading. */
function problemBeforeReading(binary: IBinaryData, size: number | undefined): Problem | undefined {
	const mimeType = (binary.mimeType ?? '').split(';')[0].trim().toLowerCase();
	if (!WAV_MIME_TYPES.includes(mimeType) && !GENERIC_MIME_TYPES.includes(mimeType)) {
		return {
			message: `The audio file${named(binary)} is not a WAV file (its type is ${mimeType})`,
			why: ACCEPTED,
		};
	}
	if (size !== undefined && size > MAX_AUDIO_FILE_BYTES) {
		return {
			message: `The audio file${named(binary)} is too large: ${bytesText(size)}, at most ${bytesText(MAX_AUDIO_FILE_BYTES)} (2 MB)`,
			why: 'SMSAPI publishes no size limit for voice files; the node keeps to 2 MB (about two minutes of 8 kHz 16-bit mono audio). Shorten it or lower its sample rate.',
		};
	}
	return undefined;
}

interface Problem {
	message: string;
	why: string;
}

/** The item's binary property `propertyName` as a checked WAV upload; throws what is wrong. */
export async function readAudioUpload(
	this: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
): Promise<SendUpload> {
	const name = propertyName.trim();
	if (name === '') {
		throw refusal.call(
			this,
			itemIndex,
			'Enter the Input Binary Field',
			'It names the binary property that holds the audio file (usually "data").',
		);
	}
	let binary: IBinaryData;
	try {
		binary = this.helpers.assertBinaryData(itemIndex, name);
	} catch (error) {
		throw refusal.call(
			this,
			itemIndex,
			`No binary data "${name}" on this item to play`,
			`Input Binary Field names the binary property that holds the audio file; the previous node must give each item one (${(error as Error).message}).`,
		);
	}
	// n8n's recorded size (where it keeps one) refuses a huge file before it is loaded.
	const known = problemBeforeReading(
		binary,
		typeof binary.bytes === 'number' ? binary.bytes : undefined,
	);
	if (known) throw refusal.call(this, itemIndex, known.message, known.why);
	const data = await this.helpers.getBinaryDataBuffer(itemIndex, name);
	const problem = problemBeforeReading(binary, data.length);
	if (problem) throw refusal.call(this, itemIndex, problem.message, problem.why);
	if (!isWav(data) || data.length < MIN_WAV_BYTES) {
		throw refusal.call(
			this,
			itemIndex,
			`The audio file${named(binary)} is not a WAV file (it has no RIFF/WAVE header)`,
			ACCEPTED,
		);
	}
	const sha256 = sha256Of(data);
	// The bytes are not kept: they are read again when the request that carries them is built.
	return { field: UPLOAD_FIELD, sha256, load: loader(this, itemIndex, name, sha256) };
}

const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Reads the checked file again as the upload's part. A closure of its own, so that it holds the
 * item's index and property, never the bytes read for the check.
 */
function loader(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	sha256: string,
): () => Promise<UploadFile> {
	return async () => {
		const data = await context.helpers.getBinaryDataBuffer(itemIndex, name);
		if (sha256Of(data) !== sha256) {
			throw refusal.call(
				context,
				itemIndex,
				'The audio file changed after it was checked',
				`The binary data "${name}" read for the request differs from the file checked before sending. Run the node again.`,
			);
		}
		return {
			field: UPLOAD_FIELD,
			filename: UPLOAD_FILENAME,
			contentType: UPLOAD_CONTENT_TYPE,
			data,
		};
	};
}
