/**
 * Workflows of SMSAPI nodes for the resource tests: a manual trigger, then chains of nodes, each
 * chain one node after the other, every node run once (`executeOnce`), optionally with Continue
 * On Fail.
 */
import type { WorkflowJson } from './harness';

export type Parameters = Record<string, unknown>;

/** A workflow: a manual trigger, then chains of SMSAPI nodes (each chain one after the other). */
export function workflow(
	name: string,
	chains: Array<Array<[string, Parameters]>>,
	credential: { id: string; name: string },
	continueOnFail: boolean,
): WorkflowJson {
	const nodes: object[] = [
		{
			id: `${name}-trigger`,
			name: 'Manual Trigger',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
	];
	const connections: Record<
		string,
		{ main: Array<Array<{ node: string; type: string; index: number }>> }
	> = { 'Manual Trigger': { main: [[]] } };
	chains.forEach((chain, row) => {
		let previous = 'Manual Trigger';
		chain.forEach(([nodeName, parameters], column) => {
			nodes.push({
				id: `${name}-${row}-${column}`,
				name: nodeName,
				type: 'n8n-nodes-smsapi-plus.smsapi',
				typeVersion: 1,
				position: [220 * (column + 1), 200 * row],
				parameters,
				credentials: { smsapiApi: credential },
				// One run per node whatever its input: each node is its own smoke.
				executeOnce: true,
				...(continueOnFail ? { onError: 'continueRegularOutput' } : {}),
			});
			connections[previous] ??= { main: [[]] };
			connections[previous].main[0].push({ node: nodeName, type: 'main', index: 0 });
			previous = nodeName;
		});
	});
	return { name: `more: ${name}`, nodes, connections, settings: { executionOrder: 'v1' } };
}

/** An expression reading a field of an earlier node's first item. */
export const ref = (node: string, field: string) => `={{ $('${node}').first().json.${field} }}`;
