/**
 * A scripted OpenAI-compatible chat model on loopback, for the AI Agent tests (n8n 2.x): n8n's
 * OpenAI Chat Model, its credential's Base URL pointed here, asks `POST /v1/chat/completions`.
 * While the conversation has no tool result yet, the model calls the first tool it is offered
 * with `toolParameters` (the arguments of the tool a Human review tool holds: n8n 2.x's
 * `createHitlToolkit` wraps each held tool's schema so) and empty `hitlParameters`; once a tool
 * result is there, it answers with that result's text. The same server is the tool's target:
 * `POST /refund?order=…` is recorded, so a test sees whether the held tool ran.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

interface ChatMessage {
	role: string;
	content?: unknown;
}

interface ChatRequest {
	model?: string;
	messages?: ChatMessage[];
	tools?: Array<{ function?: { name?: string } }>;
}

export interface ScriptedModel {
	/** `http://127.0.0.1:<port>`. */
	origin: string;
	/** The chat requests it got (their bodies). */
	chats: ChatRequest[];
	/** The refunds the tool made: the `order` of each `POST /refund`. */
	refunds: string[];
	close(): Promise<void>;
}

function completion(model: string, message: Record<string, unknown>, finish: string): string {
	return JSON.stringify({
		id: `chatcmpl-${Date.now()}`,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model,
		choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish }],
		usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
	});
}

/** The model's answer to one chat request. */
function answer(request: ChatRequest, order: string): string {
	const model = request.model ?? 'scripted';
	const toolResult = [...(request.messages ?? [])].reverse().find((message) => message.role === 'tool');
	if (toolResult) return completion(model, { content: `Done. The tool said: ${String(toolResult.content)}` }, 'stop');
	const name = request.tools?.[0]?.function?.name;
	if (!name) return completion(model, { content: 'No tool to call.' }, 'stop');
	const args = JSON.stringify({ toolParameters: { order }, hitlParameters: {} });
	return completion(model, { content: null, tool_calls: [{ id: `call_${order}`, type: 'function', function: { name, arguments: args } }] }, 'tool_calls');
}

/** Starts the model; every conversation asks to refund `order`. */
export async function startScriptedModel(order: string): Promise<ScriptedModel> {
	const chats: ChatRequest[] = [];
	const refunds: string[] = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			if (req.method === 'POST' && url.pathname === '/refund') {
				refunds.push(url.searchParams.get('order') ?? '');
				res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ refunded: true, order: url.searchParams.get('order') }));
				return;
			}
			if (req.method === 'POST' && url.pathname.endsWith('/chat/completions')) {
				const request = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as ChatRequest;
				chats.push(request);
				res.writeHead(200, { 'content-type': 'application/json' }).end(answer(request, order));
				return;
			}
			res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		origin: `http://127.0.0.1:${port}`,
		chats,
		refunds,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
