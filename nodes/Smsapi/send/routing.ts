/**
 * How each send of a run travels, decided in one place, and beside it what undoes a choice when the
 * service refuses a whole request for what one of its recipients carries.
 *
 * A send travels
 * - in a batch of one text: sends whose parameters are equal but for the recipients (and their idx)
 *   share requests of up to 10,000 recipients (the batch key: batching.ts); with Item Batching off,
 *   every item goes alone;
 * - as the run's template with values (personalise.ts): SMS → Send items whose Message expression
 *   gives each its own text, from node version 1.2 (Personalised Texts as One Template; workflows
 *   saved before keep a request per text) and with Item Batching on, share requests of 100 as
 *   `[%1%]`… with a value per recipient, where that saves requests;
 * - as its own text, in a request of its own (or with the identical texts): every text that cannot
 *   go as the template (`mayGoAsTemplate` and `textAsTemplate` say why).
 *
 * Templated texts share a request only with texts of as many parts (`partsOf`): the account's own
 * maximum of parts (its SMS settings, which the node cannot see unless Max Parts is set) then
 * refuses a request of them (error 12) only where it refuses each of its texts.
 *
 * When the service refuses a request as a whole (nothing of it sent) for what one recipient carries,
 * the request goes again without the cause (`Routes.again`), with the same idx and check_idx, so
 * that nobody who got a message gets a second one:
 * - a template's values refused (18, 76, 94): its items go again with their own texts;
 * - one recipient's idx or number refused (53 to an idx of the user's own; 52, 57, 59, 112, which
 *   the service may answer for one number: not published): the request goes again in two halves of
 *   its items, a refused half again in halves, until the refused items are alone; at most
 *   `halvingBudget` requests per request, after which a refused part's items carry its refusal.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { gsm7Length, hasSpecialCharacters, normalizeText, partsFor } from '../helpers/segments';
import type { Pacer } from '../helpers/pacer';
import { storedParameter } from '../items/storedParameters';
import { type PlannedSend, RequestPlanner, type ServiceRequest } from './batching';
import type { SendChannel } from './channel';
import { type TextTemplate, asTemplate, carriable, cutText, textTemplate } from './personalise';
import {
	MAX_PERSONALISED_PER_REQUEST,
	PARAM_KEYS,
	type SendRequest,
	hasParameter,
	isPerRecipientKey,
} from './request';

/** From this node version on, personalised texts travel as one template unless switched off. */
const TEMPLATE_BY_DEFAULT_FROM = 1.2;

/**
 * How the service encodes a message sent as a template with values: by the text with its values
 * put in (a Polish name under a plain template goes in Unicode), or by the template. Not published
 * (docs/service-differences.md, S9); the live check asks the service (`npm run live-check`, check
 * "sms: template encoding (test=1)") and docs/service-differences.md records its answer. Until the
 * answer "by the expanded text" is recorded there: false, and a text that needs Unicode under a
 * template that needs none goes as its own text.
 */
export const SERVICE_ENCODING = { byExpandedText: false };

/** Whether (and as which template) the run's personalised texts travel as one template. */
function templateOfRun(this: IExecuteFunctions, channel: SendChannel): TextTemplate | null {
	if (channel.messageAsTemplate !== true) return null;
	const byDefault = this.getNode().typeVersion >= TEMPLATE_BY_DEFAULT_FROM;
	if (this.getNodeParameter('options.textsAsTemplate', 0, byDefault) !== true) return null;
	return textTemplate(storedParameter(this, 'message'));
}

function needsUnicode(text: string, normalize: boolean): boolean {
	return hasSpecialCharacters(normalize ? normalizeText(text) : text);
}

/** The parts of a text as the service counts them (in the encoding it needs). */
function partsOf(text: string, normalize: boolean): number {
	const sent = normalize ? normalizeText(text) : text;
	return hasSpecialCharacters(sent)
		? partsFor(sent.length, 'UCS-2')
		: partsFor(gsm7Length(sent), 'GSM-7');
}

/**
 * Whether a send may go as the template at all: a text without `[%` (the service expands macros,
 * and might expand the values one after the other), recipients (not a group) no more than a request
 * of the template takes, not the user's own Param 1–4 or a stored template, not Details (the
 * service describes the first message of a request only: answer.ts).
 */
function mayGoAsTemplate(request: SendRequest): boolean {
	const text = request.message;
	if (text === undefined || text.includes('[%')) return false;
	if (request.to.length === 0 || request.to.length > MAX_PERSONALISED_PER_REQUEST) return false;
	if (hasParameter(request, 'template') || PARAM_KEYS.some((key) => hasParameter(request, key)))
		return false;
	return request.flags.details !== true;
}

/** A text as the template: its values and its parts. */
interface AsTemplate {
	values: string[];
	parts: number;
}

/**
 * A text's values as the template and its parts, or null when it goes as its own text: a text
 * that is not the template filled in, a value a parameter cannot carry (personalise.ts), a text
 * that needs Unicode under a template that needs none (SERVICE_ENCODING), and with Normalize a
 * value that normalizing changes (the published API says it replaces special characters "in
 * message"; of the values it says nothing).
 */
function textAsTemplate(
	template: TextTemplate,
	text: string,
	normalize: boolean,
	templateNeedsUnicode: boolean,
): AsTemplate | null {
	const values = cutText(template, text);
	if (!values || !values.every(carriable)) return null;
	if (!SERVICE_ENCODING.byExpandedText && !templateNeedsUnicode && needsUnicode(text, normalize))
		return null;
	if (normalize && values.some((value) => normalizeText(value) !== value)) return null;
	return { values, parts: partsOf(text, normalize) };
}

/**
 * What the template makes of each text of a run, the template's own encoding judged once and the
 * last text's answer kept: a campaign of identical texts cuts one.
 */
class TemplateCuts {
	private readonly templateNeedsUnicode: [boolean, boolean];
	private last?: { text: string; normalize: boolean; cut: AsTemplate | null };

	constructor(private readonly template: TextTemplate) {
		this.templateNeedsUnicode = [
			needsUnicode(template.message, false),
			needsUnicode(template.message, true),
		];
	}

	of(request: SendRequest): AsTemplate | null {
		if (!mayGoAsTemplate(request)) return null;
		const text = request.message as string;
		const normalize = request.flags.normalize === true;
		const { last } = this;
		if (last?.text === text && last.normalize === normalize) return last.cut;
		const cut = textAsTemplate(
			this.template,
			text,
			normalize,
			this.templateNeedsUnicode[normalize ? 1 : 0],
		);
		this.last = { text, normalize, cut };
		return cut;
	}
}

/**
 * The run's sends that go as the template rewritten in place (each with its text's parts), and the
 * sends as they were by item index (for a request of the template the service refuses). Nothing is
 * rewritten when it would not save requests.
 */
export async function sendAsTemplate<S extends PlannedSend>(
	sends: S[],
	template: TextTemplate,
	pacer: Pacer,
): Promise<Map<number, S>> {
	const cuts = new TemplateCuts(template);
	// Each send's cut by position (null: it goes as its own text), without an object per send.
	const cutAt: Array<AsTemplate | null> = new Array<AsTemplate | null>(sends.length).fill(null);
	const texts = new Set<string>();
	const recipientsByParts = new Map<number, number>();
	for (let position = 0; position < sends.length; position++) {
		const { request } = sends[position];
		const cut = cuts.of(request);
		if (cut) {
			cutAt[position] = cut;
			texts.add(request.message as string);
			recipientsByParts.set(cut.parts, (recipientsByParts.get(cut.parts) ?? 0) + request.to.length);
		}
		if (pacer.due()) await pacer.pause();
	}
	const originals = new Map<number, S>();
	let requests = 0;
	for (const recipients of recipientsByParts.values())
		requests += Math.ceil(recipients / MAX_PERSONALISED_PER_REQUEST);
	if (requests >= texts.size) return originals;
	for (let position = 0; position < sends.length; position++) {
		const cut = cutAt[position];
		if (!cut) continue;
		const send = sends[position];
		originals.set(send.itemIndex, send);
		const templated = asTemplate(send, template, cut.values);
		templated.parts = cut.parts;
		sends[position] = templated;
		if (pacer.due()) await pacer.pause();
	}
	return originals;
}

/** A template's values refused: 18 (values do not match the recipients), 76 (invalid characters), 94 (links). */
const VALUES_REFUSED = new Set([18, 76, 94]);
/** One recipient's idx or number: 53 (idx used), 52 (attempts), 57 (blacklist), 59 (opt-out), 112 (country). */
const RECIPIENT_REFUSED = new Set([52, 53, 57, 59, 112]);

/** Requests a refused request may still spend on halves: about three refused items told apart. */
export interface HalvingBudget {
	left: number;
}

export function halvingBudget(request: ServiceRequest): HalvingBudget {
	return { left: 4 * Math.ceil(Math.log2(Math.max(2, request.members.length))) + 4 };
}

/** Members `from` to `to` (excluded) of a request as a request of their own, in its wire form. */
function partOf(request: ServiceRequest, from: number, to: number): ServiceRequest {
	const members = request.members.slice(from, to);
	let start = 0;
	for (let m = 0; m < from; m++) start += request.members[m].numbers.length;
	let recipients = 0;
	for (const member of members) recipients += member.numbers.length;
	const params: Record<string, string> = {};
	for (const [key, value] of Object.entries(request.params)) {
		if (key === 'to')
			params.to = value
				.split(',')
				.slice(start, start + recipients)
				.join(',');
		else if (isPerRecipientKey(key))
			params[key] = value
				.split('|')
				.slice(start, start + recipients)
				.join('|');
		else params[key] = value;
	}
	return { params, members, recipients, ...(request.upload ? { upload: request.upload } : {}) };
}

/** The run's requests, and what sends a refused one again without its cause. */
export class Routes {
	constructor(
		readonly requests: ServiceRequest[],
		/** The templated sends as they were, by item index. */
		private readonly originals: ReadonlyMap<number, PlannedSend>,
	) {}

	/**
	 * The requests that send a request the service refused as a whole (error `code`) again
	 * without the cause, or undefined when the refusal is the request's own. `generated`: every
	 * idx of the request is the node's (error 53 to them is judged by idx/idxRefusal.ts).
	 */
	again(
		request: ServiceRequest,
		code: number,
		{ generated, budget }: { generated: boolean; budget: HalvingBudget },
	): ServiceRequest[] | undefined {
		if (VALUES_REFUSED.has(code)) return this.asOwnTexts(request);
		if (!RECIPIENT_REFUSED.has(code) || (code === 53 && generated)) return undefined;
		const { members } = request;
		if (members.length < 2 || budget.left < 2) return undefined;
		budget.left -= 2;
		const middle = Math.ceil(members.length / 2);
		return [partOf(request, 0, middle), partOf(request, middle, members.length)];
	}

	/** A request of the template as its items' own texts (identical texts still share a request). */
	private asOwnTexts(request: ServiceRequest): ServiceRequest[] | undefined {
		if (!request.members.every((member) => this.originals.has(member.itemIndex))) return undefined;
		const planner = new RequestPlanner({ batching: true });
		for (const member of request.members)
			planner.add(this.originals.get(member.itemIndex) as PlannedSend);
		return planner.requests();
	}
}

/**
 * The run's requests: personalised texts as the template where they go that way, every send
 * batched (in input order; `sends` is emptied, a run holds the requests from then on).
 */
export async function routeSends<S extends PlannedSend>(
	this: IExecuteFunctions,
	sends: S[],
	channel: SendChannel,
	pacer: Pacer,
): Promise<Routes> {
	// Batching is read from the first item: items with it switched off differently cannot share
	// requests anyway, and one request plan keeps the order of the run predictable.
	const batching = (this.getNodeParameter('options.batching', 0, true) as boolean) !== false;
	const template = batching ? templateOfRun.call(this, channel) : null;
	const originals = template ? await sendAsTemplate(sends, template, pacer) : new Map<number, S>();
	const planner = new RequestPlanner({ batching });
	for (const send of sends) {
		planner.add(send);
		if (pacer.due()) await pacer.pause();
	}
	sends.length = 0;
	return new Routes(planner.requests(), originals);
}
