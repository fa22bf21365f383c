'use strict';
// Runs on one n8n line's Node (test/e2e/expression-parity.test.ts spawns it): compares the
// package's fast path for `$json` expressions (dist/nodes/Smsapi/helpers/jsonTemplate.js) with
// that line's own n8n evaluation, on generated items and expressions.
//
//   <line's node> parity-child.js <n8n install dir> <package dir> <seed>
//
// n8n is evaluated the way n8n-core's getNodeParameter does it (`_getNodeParameter`):
// workflow.expression.getParameterValue(value, runExecutionData, runIndex, itemIndex, node.name,
// connectionInputData, mode, additionalKeys, executeData, false, {}) and then cleanupParameterData,
// on a real Workflow whose one node holds the expressions as parameters, with the items as the
// node's input (so `$json` is items[itemIndex].json). Each `{{ code }}` is also evaluated alone as
// the node's untrustedText.ts asks n8n for it: evaluateExpression('#{{' + code + '}}', itemIndex),
// i.e. resolveSimpleParameterValue('=#{{…}}', …), then `String(value ?? '').slice(1)`.
//
// The expression engine is the one the running n8n uses: @n8n/config's GlobalConfig read from the
// environment (the test passes the line's lineEnv: N8N_EXPRESSION_ENGINE=legacy on line 1; line 2
// defaults to `vm`, isolated-vm), started as n8n's base-command starts it, and evaluations run
// with an isolate acquired, as n8n's workflow execution does.
//
// Environment: SMSAPI_PARITY_BATCHES, SMSAPI_PARITY_ITEMS, SMSAPI_PARITY_EXPRESSIONS (sizes).
// Prints one line `PARITY_RESULT <json>` on stdout.

const path = require('path');

const { generate } = require('./generate');
const { MUST_DECLINE } = require('./must-decline');
const { show, quote } = require('./show');

const [installDir, packageDir, seedArg] = process.argv.slice(2);
if (!installDir || !packageDir || seedArg === undefined) {
	process.stderr.write('usage: parity-child.js <n8n install dir> <package dir> <seed>\n');
	process.exit(2);
}
const seed = Number(seedArg) >>> 0;
const sizes = {
	batches: Number(process.env.SMSAPI_PARITY_BATCHES || 60),
	itemsPerBatch: Number(process.env.SMSAPI_PARITY_ITEMS || 20),
	expressionsPerBatch: Number(process.env.SMSAPI_PARITY_EXPRESSIONS || 20),
};
/** Mismatches reported in full: the first ones, at most two per expression (the count covers all). */
const MAX_REPORTED = Number(process.env.SMSAPI_PARITY_MAX_REPORTED || 20);
const MAX_PER_EXPRESSION = 2;
/** Names that every object inherits from Object.prototype (a read of one is not a read of data). */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

/** What a template reads in an item, as a hint at the cause of a mismatch (groups the report). */
function describeRead(template, json) {
	const paths = template.pieces.filter((piece) => 'path' in piece).map((piece) => piece.path);
	if (paths.some((path) => path.some((key) => INHERITED.has(key))))
		return 'a key named like an Object.prototype member';
	if (paths.some((path) => path.slice(0, -1).includes('$')))
		return 'the key "$" before another key';
	const values = paths.map((path) => {
		let value = json;
		for (const key of path)
			value =
				value !== null &&
				typeof value === 'object' &&
				Object.prototype.hasOwnProperty.call(value, key)
					? value[key]
					: undefined;
		return value;
	});
	if (values.some((value) => Number.isNaN(value))) return 'NaN';
	if (values.some((value) => Object.is(value, -0))) return '-0';
	if (values.some((value) => value === undefined)) return 'undefined or a missing key';
	if (values.some((value) => value === null)) return 'null';
	return `only ${[...new Set(values.map((value) => typeof value))].sort().join(', ')}`;
}

/** The first mismatches of each group, taken in turn, MAX_REPORTED in all. */
function firstOfEach(byRead) {
	const buckets = [...byRead.values()].map((bucket) => bucket.first);
	const out = [];
	for (let i = 0; out.length < MAX_REPORTED && buckets.some((first) => i < first.length); i++) {
		for (const first of buckets)
			if (i < first.length && out.length < MAX_REPORTED) out.push(first[i]);
	}
	return out;
}

const modules = path.join(installDir, 'node_modules');
const fromInstall = (name) => require(path.join(modules, name));
const fast = require(path.join(packageDir, 'dist/nodes/Smsapi/helpers/jsonTemplate.js'));
const { splitTemplate } = require(path.join(packageDir, 'dist/nodes/Smsapi/helpers/macros.js'));

fromInstall('reflect-metadata');
const { Container } = fromInstall('@n8n/di');
const { GlobalConfig } = fromInstall('@n8n/config');
const workflowPackage = fromInstall('n8n-workflow');
const { Expression, Workflow } = workflowPackage;
const { cleanupParameterData } = require(
	path.join(
		modules,
		'n8n-core/dist/execution-engine/node-execution-context/utils/cleanup-parameter-data.js',
	),
);

/** As n8n's base-command does at startup (the options each line's base-command passes). */
async function startExpressionEngine() {
	const config = Container.get(GlobalConfig).expressionEngine;
	if (config.engine === 'legacy') {
		Expression.setExpressionEngine('legacy');
	} else {
		const {
			engine,
			poolSize,
			maxCodeCacheSize,
			bridgeTimeout,
			bridgeMemoryLimit,
			idleTimeout,
			lazyAcquire,
			compileCache,
		} = config;
		await Expression.initExpressionEngine({
			engine,
			poolSize,
			maxCodeCacheSize,
			bridgeTimeout,
			bridgeMemoryLimit,
			idleTimeoutMs: idleTimeout === undefined ? undefined : idleTimeout * 1000,
			lazyAcquire,
			compileCache,
		});
	}
	return config.engine;
}

/** A node type n8n does not know: the Workflow keeps the node's parameters as they are. */
const nodeTypes = {
	getByName: () => undefined,
	getByNameAndVersion: () => undefined,
	getKnownTypes: () => ({}),
};

function newWorkflow(parameters, items) {
	const node = {
		id: 'parity-node',
		name: 'SMSAPI',
		type: 'n8n-nodes-smsapi-plus.smsapi',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const workflow = new Workflow({
		id: 'parity',
		name: 'parity',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
		settings: {},
	});
	const runExecutionData = { resultData: { runData: {} } };
	const executeData = { node, data: { main: [items] }, source: null };
	const mode = 'manual';
	const additionalKeys = {};
	return {
		workflow,
		/** n8n-core's _getNodeParameter, without the node-type validation (the type is unknown). */
		getNodeParameter(name, itemIndex) {
			const value = workflow.nodes[node.name].parameters[name];
			const result = workflow.expression.getParameterValue(
				value,
				runExecutionData,
				0,
				itemIndex,
				node.name,
				items,
				mode,
				additionalKeys,
				executeData,
				false,
				{},
			);
			cleanupParameterData(result);
			return result;
		},
		/** n8n-core's evaluateExpression. */
		evaluateExpression(expression, itemIndex) {
			return workflow.expression.resolveSimpleParameterValue(
				`=${expression}`,
				{},
				runExecutionData,
				0,
				itemIndex,
				node.name,
				items,
				mode,
				additionalKeys,
				executeData,
			);
		},
	};
}

function attempt(fn) {
	try {
		return { value: fn() };
	} catch (error) {
		return {
			error: `${error && error.constructor ? error.constructor.name : 'Error'}: ${error && error.message}`,
		};
	}
}

/** n8n's value and the fast path's agree: same primitive by Object.is (so -0 and NaN count). */
function same(a, b) {
	if (a === null || typeof a !== 'object') return Object.is(a, b);
	return false; // the fast path never renders an object: an object from n8n is a difference
}

async function main() {
	const started = Date.now();
	const configuredEngine = await startExpressionEngine();
	const engine =
		typeof Expression.getActiveImplementation === 'function'
			? Expression.getActiveImplementation()
			: configuredEngine;

	const counts = {
		cases: 0,
		rendered: 0,
		declinedAtCompile: 0,
		declinedPerItem: 0,
		segmentsCompared: 0,
		n8nStrings: 0,
		n8nNonStrings: 0,
		isolatesAcquired: 0,
	};
	let mismatchCount = 0;
	const perExpression = new Map();
	/** Mismatches by what the expression reads (a hint at the cause), and the first ones of each. */
	const byRead = new Map();
	const report = (entry, template, json) => {
		mismatchCount++;
		const read = describeRead(template, json);
		const bucket = byRead.get(read) || { count: 0, first: [] };
		byRead.set(read, bucket);
		bucket.count++;
		const seen = perExpression.get(entry.expression) || 0;
		perExpression.set(entry.expression, seen + 1);
		if (bucket.first.length < MAX_REPORTED && seen < MAX_PER_EXPRESSION)
			bucket.first.push({ reads: read, ...entry });
	};

	// Expressions the fast path must leave to n8n.
	const notDeclined = MUST_DECLINE.filter(
		(expression) => fast.compileJsonTemplate(expression) !== null,
	).map(quote);

	const batches = generate(seed, sizes);
	let expressionsCompiled = 0;
	let expressionsTotal = 0;
	let batchesDone = 0;
	for (const { items, expressions } of batches) {
		// Progress on stderr, so that a run stopped by the test's time limit shows how far it got.
		if (batchesDone++ % 10 === 0)
			process.stderr.write(`batch ${batchesDone}/${batches.length}, ${counts.cases} cases\n`);
		const parameters = {};
		expressions.forEach((expression, j) => (parameters[`p${j}`] = expression));
		const context = newWorkflow(parameters, items);
		// As n8n's workflow execution: one isolate held for the run (no-op on the legacy engine).
		const acquired = await context.workflow.expression.acquireIsolate();
		if (acquired) counts.isolatesAcquired++;
		try {
			expressions.forEach((expression, j) => {
				expressionsTotal++;
				const template = fast.compileJsonTemplate(expression);
				counts.cases += items.length;
				if (template === null) {
					counts.declinedAtCompile += items.length;
					return;
				}
				expressionsCompiled++;
				const split = splitTemplate(expression.slice(1));
				items.forEach((item, itemIndex) => {
					const fastResult = fast.renderJsonTemplate(template, item.json);
					if (!fastResult.rendered) {
						counts.declinedPerItem++;
						return;
					}
					counts.rendered++;
					// Written out only for a mismatch (showing every item would double the run time).
					const where = () => ({ expression: quote(expression), itemIndex, item: show(item.json) });
					const n8n = attempt(() => context.getNodeParameter(`p${j}`, itemIndex));
					if ('error' in n8n) {
						report(
							{
								kind: 'value',
								...where(),
								fast: show(fastResult.value),
								n8n: `threw ${n8n.error}`,
							},
							template,
							item.json,
						);
					} else {
						if (typeof n8n.value === 'string') counts.n8nStrings++;
						else counts.n8nNonStrings++;
						if (!same(n8n.value, fastResult.value))
							report(
								{ kind: 'value', ...where(), fast: show(fastResult.value), n8n: show(n8n.value) },
								template,
								item.json,
							);
					}
					// The pieces (macro neutralising): each `{{ }}` as n8n renders it alone, as text.
					const pieces = fast.renderJsonPieces(template, item.json);
					if (!pieces || !split || pieces.length !== split.length) {
						report(
							{
								kind: 'pieces',
								...where(),
								fast: pieces ? show(pieces.map((p) => p.text)) : 'undefined',
								n8n: `split into ${split ? split.length : 'nothing'}`,
							},
							template,
							item.json,
						);
						return;
					}
					split.forEach((piece, k) => {
						const got = pieces[k];
						if (piece.kind === 'text') {
							if (got.text !== piece.text || got.untrusted !== false)
								report(
									{
										kind: 'text piece',
										...where(),
										piece: k,
										fast: show(got),
										n8n: show(piece.text),
									},
									template,
									item.json,
								);
							return;
						}
						counts.segmentsCompared++;
						const segment = attempt(() =>
							context.evaluateExpression(`#{{${piece.code}}}`, itemIndex),
						);
						const expected = 'error' in segment ? undefined : String(segment.value ?? '').slice(1);
						if (expected === undefined || got.text !== expected || got.untrusted !== true) {
							report(
								{
									kind: 'segment',
									...where(),
									segment: quote(`#{{${piece.code}}}`),
									fast: show(got.text),
									n8n: 'error' in segment ? `threw ${segment.error}` : show(expected),
								},
								template,
								item.json,
							);
						}
					});
				});
			});
		} finally {
			if (acquired) await context.workflow.expression.releaseIsolate();
		}
	}
	if (typeof Expression.disposeExpressionEngine === 'function')
		await Expression.disposeExpressionEngine();

	const result = {
		seed,
		sizes,
		node: process.version,
		n8nWorkflowVersion: require(path.join(modules, 'n8n-workflow/package.json')).version,
		configuredEngine,
		engine,
		batches: batches.length,
		expressions: { total: expressionsTotal, compiled: expressionsCompiled },
		...counts,
		mustDecline: { total: MUST_DECLINE.length, notDeclined },
		mismatchCount,
		mismatchExpressions: perExpression.size,
		mismatchesByRead: Object.fromEntries([...byRead].map(([read, bucket]) => [read, bucket.count])),
		mismatches: firstOfEach(byRead),
		durationMs: Date.now() - started,
	};
	process.stdout.write(`PARITY_RESULT ${JSON.stringify(result)}\n`);
}

main().then(
	() => process.exit(0),
	(error) => {
		process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
		process.exit(1);
	},
);
