/**
 * The legacy `*.do` endpoints and the parameters a request to them may carry: the union of what
 * the seed interface documents (docs/service-differences.md), what the published API's `LegacySmsToSend` lists for sms.do and what the
 * official clients send (smsapi-javascript-client: `sms`, `mms`, `vms`, `hlr` modules and their
 * tests; smsapi-php-client: `SendSmsBag`, `SendSmsToGroupBag`, `ScheduleSmsBag`, `DeleteSmsBag`,
 * `SendHlrBag`). Flags are `1`/`0` on forms and `true`/`false` in the JavaScript client's JSON.
 * `vms.do` also takes the JavaScript client's multipart upload of a local audio file (`vmsUpload`).
 */
import type { UploadedFile } from '../multipart';
import type { FieldRule, Fields, LegacyEndpoint, Problem } from './types';

const text: FieldRule = { type: 'string' };
const flag: FieldRule = { type: 'boolean' };

/** Parameters every legacy endpoint takes: the response format and the login. */
export const LEGACY_COMMON: Fields = {
	format: { type: 'string', enum: ['json'] },
	access_token: text,
	username: text,
	password: text,
};

/** Character sets of `message` (the JavaScript client's list; the spec names utf-8, iso-8859-2, windows-1250). */
const ENCODINGS = [
	'utf-8',
	'iso-8859-1',
	'iso-8859-2',
	'iso-8859-3',
	'iso-8859-4',
	'iso-8859-5',
	'iso-8859-7',
	'windows-1250',
	'windows-1251',
];

/** Options shared by sms.do, mms.do and vms.do. */
const messageOptions: Fields = {
	to: text,
	group: text,
	from: text,
	// UNIX seconds or ISO 8601; a wrong format is the service's own error 54 (with date_validate).
	date: text,
	date_validate: flag,
	idx: text,
	check_idx: flag,
	notify_url: text,
	test: flag,
	details: flag,
	partner_id: text,
	time_restriction: { type: 'string', enum: ['follow', 'ignore', 'nearest_available'], code: 28 },
	expiration_date: text,
};

export const SMS_PARAMETERS: Fields = {
	...messageOptions,
	message: text,
	encoding: { type: 'string', enum: ENCODINGS },
	flash: flag,
	datacoding: { type: 'string', enum: ['bin'] },
	udh: text,
	allow_duplicates: flag,
	// The published SmsParts: 1 to 10 (the seed interface says at most 6; docs/service-differences.md).
	max_parts: { type: 'integer', min: 1, max: 10 },
	nounicode: flag,
	normalize: flag,
	fast: flag,
	single: flag,
	skip_foreign: flag,
	template: text,
	param1: text,
	param2: text,
	param3: text,
	param4: text,
	discount_group: text,
	// Deleting scheduled messages goes through sms.do too.
	sch_del: text,
};

function present(params: Readonly<Record<string, string>>, name: string): boolean {
	return params[name] !== undefined && params[name] !== '';
}

function missing(path: string, message: string): Problem {
	return { path, error: 'required', message, value: null };
}

/** A send names recipients (`to` or `group`) and content (`message` or `template`); `sch_del` stands alone. */
function smsShape(params: Readonly<Record<string, string>>): Problem[] {
	if (present(params, 'sch_del')) {
		const extra = Object.keys(params).filter((name) => !(name in LEGACY_COMMON) && name !== 'sch_del');
		return extra.length === 0
			? []
			: [{ path: extra[0], error: 'unknown_field', message: `sch_del takes no send parameters (${extra.join(', ')})`, value: params[extra[0]] }];
	}
	const problems: Problem[] = [];
	if (!present(params, 'to') && !present(params, 'group')) problems.push(missing('to', 'to or group is required'));
	if (present(params, 'to') && present(params, 'group')) {
		problems.push({ path: 'group', error: 'invalid_combination', message: 'to and group exclude each other', value: params.group });
	}
	if (!present(params, 'message') && !present(params, 'template')) {
		problems.push(missing('message', 'message or template is required'));
	}
	return problems;
}

/** Exactly one of the selecting parameters picks the operation. */
function oneSelector(selectors: readonly string[]) {
	return (params: Readonly<Record<string, string>>): Problem[] => {
		const given = selectors.filter((name) => params[name] !== undefined);
		if (given.length === 1) return [];
		return [
			given.length === 0
				? missing(selectors[0], `one of ${selectors.join(', ')} selects the operation`)
				: {
						path: given[1],
						error: 'invalid_combination',
						message: `only one of ${given.join(', ')} may be given`,
						value: params[given[1]],
					},
		];
	};
}

const SUBUSER_FIELDS: Fields = {
	pass: text,
	pass_api: text,
	limit: { type: 'number', min: 0, code: 1131 },
	month_limit: { type: 'number', min: 0, code: 1141 },
	senders: { type: 'integer', enum: ['0', '1'], code: 1150 },
	phonebook: { type: 'integer', enum: ['0', '1'], code: 1160 },
	active: { type: 'integer', enum: ['0', '1'], code: 1170 },
	info: text,
	without_prefix: flag,
};

/**
 * The upload of smsapi-javascript-client's `getFormDataForVmsLocalFile`: one part `file` with a
 * filename (`vms.wav`) and `Content-Type: audio/wav`, nothing else. No other client uploads, so no
 * other shape is taken (what the service does with MP3 or other names is unconfirmed).
 */
function vmsUpload(files: readonly UploadedFile[]): Problem[] {
	if (files.length > 1) {
		return [{ path: files[1].name, error: 'invalid_combination', message: 'only one uploaded file (file) is taken', value: files[1].filename }];
	}
	const [file] = files;
	if (!file) return [];
	if (file.name !== 'file') return [{ path: file.name, error: 'unknown_field', message: 'the uploaded file is the part file', value: file.filename }];
	if (!/\.wav$/i.test(file.filename)) return [{ path: 'file', error: 'invalid_value', message: 'the uploaded file is a .wav file (vms.wav)', value: file.filename }];
	if (file.contentType !== 'audio/wav') {
		return [{ path: 'file', error: 'invalid_type', message: 'the uploaded file has Content-Type audio/wav', value: file.contentType || null }];
	}
	return [];
}

export const LEGACY_ENDPOINTS: readonly LegacyEndpoint[] = [
	{
		path: '/sms.do',
		summary: 'send SMS (all variants) or delete scheduled ones (sch_del)',
		methods: ['POST', 'GET'],
		media: ['form', 'json'],
		parameters: SMS_PARAMETERS,
		refine: smsShape,
	},
	{
		path: '/mms.do',
		summary: 'send MMS',
		methods: ['POST', 'GET'],
		media: ['form', 'json'],
		parameters: { ...messageOptions, subject: text, smil: text },
		refine: (params) => [
			...(!present(params, 'to') && !present(params, 'group') ? [missing('to', 'to or group is required')] : []),
			...(!present(params, 'smil') ? [missing('smil', 'smil is required')] : []),
		],
	},
	{
		path: '/vms.do',
		summary: 'send a voice message (text to speech, a file address, or an uploaded file: multipart)',
		methods: ['POST', 'GET'],
		media: ['form', 'json', 'multipart'],
		// encoding: the JavaScript client sends encoding=utf-8 with every message (also voice).
		parameters: { ...messageOptions, encoding: { type: 'string', enum: ENCODINGS }, tts: text, tts_lector: text, file: text, try: { type: 'integer', min: 1, max: 6 }, interval: { type: 'integer', min: 0 }, skip_gsm: flag },
		refine: (params, files) => {
			// The audio: a text (tts), an address (file) or an uploaded file (the part `file`), one of them.
			const given = [present(params, 'tts') && 'tts', present(params, 'file') && 'file', files.length > 0 && 'file (uploaded)'].filter(
				(name): name is string => typeof name === 'string',
			);
			return [
				...(!present(params, 'to') && !present(params, 'group') ? [missing('to', 'to or group is required')] : []),
				...(given.length === 0 ? [missing('tts', 'tts, file or an uploaded file is required')] : []),
				...(given.length > 1 ? [{ path: 'file', error: 'invalid_combination', message: `${given.join(' and ')} exclude each other`, value: params.file ?? null }] : []),
			];
		},
		files: vmsUpload,
	},
	{
		path: '/hlr.do',
		summary: 'number lookup',
		methods: ['GET', 'POST'],
		media: ['form'],
		parameters: { number: text, idx: text },
		refine: (params) => (present(params, 'number') ? [] : [missing('number', 'number is required')]),
	},
	{
		path: '/user.do',
		summary: 'balance and sub-user administration',
		methods: ['GET', 'POST'],
		media: ['form'],
		parameters: {
			credits: { type: 'integer', enum: ['1'] },
			details: flag,
			add_user: text,
			set_user: text,
			get_user: text,
			list: { type: 'integer', enum: ['1'] },
			...SUBUSER_FIELDS,
		},
		requestErrorCode: 1001,
		refine: oneSelector(['credits', 'add_user', 'set_user', 'get_user', 'list']),
	},
	{
		path: '/sender.do',
		summary: 'sender names',
		methods: ['GET', 'POST'],
		media: ['form'],
		parameters: {
			add: text,
			status: text,
			delete: text,
			default: text,
			list: { type: 'integer', enum: ['1'] },
			with_nat_names: flag,
		},
		requestErrorCode: 1001,
		refine: oneSelector(['add', 'status', 'delete', 'default', 'list']),
	},
	{ path: '/prices.do', summary: 'price list', methods: ['GET', 'POST'], media: ['form'], parameters: {} },
];
