/**
 * SECURITY.md says what the package does; these checks tie its claims to the code, so that a
 * limit changed in one place and not in the other, or a protection that is gone, fails the suite.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { PARSE_LIMITS } from '../../nodes/Smsapi/callbacks/limits';
import { guardProblem } from '../../nodes/Smsapi/trigger/guards';

const ROOT = path.resolve(__dirname, '..', '..');
const security = readFileSync(path.join(ROOT, 'SECURITY.md'), 'utf8').replace(/\s+/g, ' ');
const examples = ['inbound-auto-reply', 'delivery-report-logger', 'stop-to-blacklist'].map(
	(name) => JSON.parse(readFileSync(path.join(ROOT, 'examples', `${name}.workflow.json`), 'utf8')) as { nodes: Array<{ type: string; parameters: Record<string, unknown> }> },
);

/** 1000 -> "1,000"; 1_048_576 -> "1 MiB"; 16_384 -> "16 KiB". */
function asWritten(value: number): string {
	if (value >= 1_048_576 && value % 1_048_576 === 0) return `${value / 1_048_576} MiB`;
	if (value >= 1024 && value % 1024 === 0 && value < 1_048_576) return `${value / 1024} KiB`;
	return value.toLocaleString('en-US');
}

describe('SECURITY.md and the code', () => {
	it.each([
		['form fields', PARSE_LIMITS.maxPairs, 'form fields'],
		['a body', PARSE_LIMITS.maxBodyLength, ', more than'],
		['fields and values in all', PARSE_LIMITS.maxNodes, 'fields and values in all'],
		['reports', PARSE_LIMITS.maxReports, 'reports'],
		['a field name', PARSE_LIMITS.maxKeyLength, 'characters with 400'],
		['copies into several reports', PARSE_LIMITS.maxExtraCopies, 'per request'],
		['text of one request', PARSE_LIMITS.maxTotalChars, 'of text in all'],
	])('names the limit on %s as the code has it (%d)', (_, value, context) => {
		const escaped = asWritten(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
		expect(security).toMatch(new RegExp(`${escaped}[^.]{0,40}${context}`));
	});

	it('says a Secret of blanks only is refused, and the code refuses it', () => {
		expect(security).toMatch(/Secret of blanks only/);
		expect(guardProblem({ parameters: { secret: '   ' }, typeVersion: 1 }, '   ', {})).toMatch(/blank/);
		expect(guardProblem({ parameters: { secret: '' }, typeVersion: 1 }, '', {})).toBeUndefined();
	});

	it('no longer says that names like toString are kept as ordinary keys (items drop them)', () => {
		expect(security).not.toMatch(/`toString` or `valueOf` are ordinary keys/);
		expect(security).toMatch(/`toString`, `valueOf`, `hasOwnProperty`, `toJSON`[^.]*left out of the items/);
	});

	it('says what the trigger leaves to the workflow: acknowledged first, unreadable bodies dropped, the examples’ secrets', () => {
		expect(security).toMatch(/acknowledged before the workflow runs/);
		expect(security).toMatch(/answered 200 and dropped/);
		expect(security).toMatch(/example workflows ship no secret/);
		const triggers = examples.flatMap((workflow) => workflow.nodes.filter((node) => node.type.endsWith('.smsapiTrigger')));
		expect(triggers).toHaveLength(3);
		for (const trigger of triggers) expect(trigger.parameters.secret).toBeUndefined();
	});

	it('names the one way the credential reaches execution data: the gateway login, off by default', () => {
		expect(security).toMatch(/The one exception is one the user turns on by name/);
		expect(security).toMatch(/Take Login From Credential/);
	});
});
