/**
 * The live check's probe of the service's encoding of a template with values (issue 47, point 2):
 * whether a send of `[%1%]` with a value that needs Unicode under a fixed text that needs none goes
 * in the encoding of the text with the value put in ("by the expanded text") or of the template
 * ("by the template"). The published API does not say (docs/service-differences.md, S9); the node
 * groups such texts under one template only where the answer "by the expanded text" is recorded
 * (nodes/Smsapi/send/routing.ts, SERVICE_ENCODING).
 *
 * Two test sends (test=1: validated and priced by the service, nothing sent or charged):
 * - the template: a fixed text of 100 GSM-7 characters with `[%1%]`, Param 1 `Łucja|Lucja` to the two
 *   numbers: the Polish name makes the expanded text 2 parts in Unicode (UCS-2), 1 in GSM-7;
 * - the control: the Polish text as it is, no parameters: 2 parts, unless the account replaces
 *   special characters itself (its SMS settings), when the probe cannot tell.
 */
import type { IDataObject } from 'n8n-workflow';

import { SERVICE_ENCODING } from '../../nodes/Smsapi/send/routing';
import type { CheckEnv, CheckOutcome } from './checks';

const FIXED = 'n8n-nodes-smsapi-plus live check, test=1: how does the service encode a template with values? ';
const POLISH = 'Łucja';
const PLAIN = 'Lucja';

export type TemplateEncodingAnswer = 'expandedText' | 'template' | 'unknown';

/** The parts the service gave each message of a send, or the error. */
async function partsOf(env: CheckEnv, to: string, message: string, options: IDataObject): Promise<number[] | string> {
	const result = await env.node.operation({ resource: 'sms', operation: 'send', to, message, options: { ...options, test: true } });
	if (!result.ok) return [result.message, result.description].filter(Boolean).join(' — ');
	return result.items.map((item) => Number(item.parts));
}

/** What the parts tell: the template's messages (Polish, plain) against the Polish text on its own. */
export function readTemplateEncoding(template: number[], own: number): { answer: TemplateEncodingAnswer; why: string } {
	const seen = `the template gave ${POLISH} ${template[0]} part(s) and ${PLAIN} ${template[1]}; ${POLISH}'s text on its own ${own}`;
	if (own < 2) return { answer: 'unknown', why: `${seen}: the account replaces special characters itself (its SMS settings), so the parts cannot tell` };
	if (template[0] === own && template[1] === 1) return { answer: 'expandedText', why: seen };
	if (template[0] === 1 && template[1] === 1) return { answer: 'template', why: seen };
	return { answer: 'unknown', why: `${seen}: neither encoding gives these parts` };
}

export async function probeTemplateEncoding(env: CheckEnv): Promise<CheckOutcome> {
	const template = await partsOf(env, env.numbers.join(','), `${FIXED}[%1%]`, { param1: `${POLISH}|${PLAIN}` });
	if (typeof template === 'string') return { kind: 'error', message: template };
	const own = await partsOf(env, env.numbers[0], `${FIXED}${POLISH}`, {});
	if (typeof own === 'string') return { kind: 'error', message: own };
	const { answer, why } = readTemplateEncoding(template, own[0]);
	const words = { expandedText: 'by its expanded text', template: 'by the template', unknown: 'not known' }[answer];
	const recorded = SERVICE_ENCODING.byExpandedText ? 'by its expanded text' : 'not known (texts that need Unicode under a plain template go as their own texts)';
	if (SERVICE_ENCODING.byExpandedText && answer === 'template') {
		return { kind: 'error', message: `The service encodes a template with values by the template (${why}), but the node has "by its expanded text" recorded (send/routing.ts, SERVICE_ENCODING): set it back to false.` };
	}
	return { kind: 'success', detail: `the service encodes a template with values ${words} (${why}); recorded for the node (send/routing.ts): ${recorded}` };
}
