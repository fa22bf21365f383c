/** The service's answer to a send request and what the node makes of it for the items (results.ts). */

/** One element of the service's `list` (JSON send answer). */
export interface ServiceListEntry {
	id: string;
	points: number | string;
	number: string;
	date_sent?: number;
	submitted_number?: string;
	status?: string;
	error?: unknown;
	idx?: string | null;
	parts?: number;
	[key: string]: unknown;
}

/** One element of the service's `invalid_numbers`. */
export interface InvalidNumberEntry {
	number?: string;
	submitted_number?: string;
	message?: string;
	error_code?: number;
	[key: string]: unknown;
}

/** The JSON answer of `sms.do` (success or failure). */
export interface SendResponse {
	count?: number;
	list?: ServiceListEntry[];
	invalid_numbers?: InvalidNumberEntry[];
	error?: number | string;
	message?: string;
	[key: string]: unknown;
}

interface SentRecipient {
	recipientIndex: number;
	/** The number as sent. */
	number: string;
	/** The service's entry for it, as the service wrote it. */
	entry: ServiceListEntry;
}

export interface SkippedRecipient {
	recipientIndex: number;
	number: string;
	/** Why no message went to this number, in words. */
	reason: string;
	/** The service's error code, when it gave one. */
	errorCode?: number;
	/** The service's `invalid_numbers` entry, when it listed this number. */
	entry?: InvalidNumberEntry;
}

export interface ItemSendResult {
	itemIndex: number;
	sent: SentRecipient[];
	skipped: SkippedRecipient[];
}

export interface DistributedResults {
	/** One per member of the request, in member order. */
	items: ItemSendResult[];
	/** Entries of `list` that matched no recipient (should not happen; never dropped silently). */
	unmatched: ServiceListEntry[];
}

/**
 * A service answer handed back to the recipients of its request, in one of two shapes. `inOrder`:
 * the answer's entries when entry i is the answer for recipient i (the usual answer: nothing
 * skipped or unmatched, and a request of 10,000 recipients goes back without an object per
 * recipient). `matched`: for any other answer, what the matching gives each item.
 */
export type AnswerForRecipients =
	| { inOrder: readonly ServiceListEntry[]; matched?: undefined }
	| { inOrder?: undefined; matched: DistributedResults };
