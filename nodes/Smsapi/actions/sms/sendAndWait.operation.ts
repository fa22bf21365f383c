import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { WAIT_INDEFINITELY, updateDisplayOptions } from 'n8n-workflow';

import { answerAddress, linkWithCheck, newAnswerCheck } from '../../approval/answerLink';
import { approvalProperties } from './approvalFields';
import { readQuestion } from '../../approval/question';
import { type ShortLink, shortenAnswerLink } from '../../approval/shortLink';
import { approvalLimit, waitingForAnswer } from '../../approval/approvalWait';
import { neutralizeAllMacros } from '../../helpers/macros';
import { toText } from '../../helpers/values';
import { type ItemSend, type SendChannel, readRecipients } from '../../send/channel';
import { checkRequest } from '../../send/checks';
import { formatProblems } from '../../send/problems';
import {
	guardWithGeneratedIdx,
	parseSendOptions,
	setParameter,
	setRecipientValues,
} from '../../send/request';
import { executeSends } from '../../send/executeSends';
import { waitWith } from '../../wait/waitingItem';
import { refuse } from './refusal';

export const description = updateDisplayOptions(
	{ show: { resource: ['sms'], operation: ['sendAndWait'] } },
	approvalProperties,
);

/** As long as the service's short addresses (`https://idz.do/` and a code). */
const SHORT_LINK_STAND_IN = 'https://idz.do/xxxxxxx';
/** What the check adds to a short or long address (`#` and 22 characters: answerLink.ts). */
const CHECK_STAND_IN = 'x'.repeat(22);

const ONE_QUESTION =
	'n8n resumes a waiting execution once, so one execution asks one person. For several, put a Loop Over Items node (batch size 1) in front.';

/**
 * Send and Wait for Approval: one SMS with the message and an answer link (approval/answerLink.ts:
 * n8n's address, shortened through the service unless Shorten Link is off, with the check in its
 * fragment), sent as Send sends it (the sending core: checks, idx guard, failover, never twice),
 * then the execution waits. The link's page answers by its button (approval/answerWebhook.ts); at
 * the limit n8n passes on the timed-out item left as the node's input here. As n8n 2.x's "Human review" tool of an AI Agent (the node type
 * `…HitlTool` n8n makes of it) it holds the agent's tool call until the answer.
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const { type } = this.getNode();
	if (type.endsWith('Tool') && !type.endsWith('HitlTool'))
		throw refuse.call(
			this,
			'Send and Wait for Approval cannot run as an AI Agent tool',
			"An agent waits for its tools to answer; it cannot be paused until a person answers. Use the node as the agent's Human review tool: connect the tool to hold to it.",
		);
	if (items.length !== 1)
		throw refuse.call(
			this,
			`Send and Wait for Approval takes one item; it got ${items.length}`,
			ONE_QUESTION,
		);
	if (!this.getExecutionId())
		throw refuse.call(this, 'This execution has no ID to resume', ONE_QUESTION);
	const limit = approvalLimit(
		this.getNodeParameter('options.limitWaitTime.values', 0, {}) as IDataObject,
		new Date(),
	);
	if ('problem' in limit) throw refuse.call(this, limit.problem, 'Change Limit Wait Time.');
	const message = toText(this.getNodeParameter('message', 0, '')).trimEnd();
	if (message.trim() === '') throw refuse.call(this, 'Message is empty', 'Write the question.');
	const question = readQuestion.call(this, 0, message);
	const options = this.getNodeParameter('options', 0, {}) as IDataObject;
	const { check, hash } = newAnswerCheck();
	const { url } = answerAddress.call(this);
	let shortLink: ShortLink | undefined;

	let to = '';
	/** The item's send with `link` after the message, checked as it goes out. */
	const sendWith = (numbers: string[], link: string, itemIndex: number): ItemSend => {
		const request = parseSendOptions(options, { timezone: this.getTimezone() });
		setRecipientValues(request, 'to', numbers);
		setParameter(request, 'message', `${neutralizeAllMacros(message)}\n${link}`);
		const generateIdx = guardWithGeneratedIdx(request);
		const problems = checkRequest(request, { checkRequestLimits: false, numbersChecked: true });
		if (problems)
			throw refuse.call(
				this,
				formatProblems(problems),
				'The message is checked with its answer link, as it is sent.',
				itemIndex,
			);
		return { request, generateIdx };
	};
	const channel: SendChannel = {
		endpoint: 'sms.do',
		readItem: async (itemIndex) => {
			const numbers = readRecipients.call(this, itemIndex, options);
			if (numbers.length !== 1)
				throw refuse.call(
					this,
					`Send and Wait for Approval sends to one number; To has ${numbers.length}`,
					ONE_QUESTION,
					itemIndex,
				);
			to = numbers[0];
			if (options.shortLink === false)
				return sendWith(numbers, linkWithCheck(url, check), itemIndex);
			// Checked before the short link is made, so that a text that cannot go makes none.
			sendWith(numbers, linkWithCheck(SHORT_LINK_STAND_IN, CHECK_STAND_IN), itemIndex);
			shortLink = await shortenAnswerLink.call(this, url, limit.until, itemIndex);
			return sendWith(numbers, linkWithCheck(shortLink.url, check), itemIndex);
		},
	};
	const output = await executeSends.call(this, items, channel);
	const sent = output[0];
	// Refused under Continue On Fail: nothing to wait for, the error item goes on.
	if (!sent || (sent.json.id === undefined && sent.json.accepted_earlier !== true)) return output;

	// An answer resumes the execution with its own item (approval/answerWebhook.ts).
	const waiting = waitingForAnswer(
		question,
		{ to, sms: sent.json, checkHash: hash, shortLinkId: shortLink?.id },
		limit.until,
	);
	return await waitWith.call(this, waiting, limit.until ?? WAIT_INDEFINITELY);
}
