import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { errorItem, failureItem, withItemIndex } from './loop';
import { Pacer } from '../helpers/pacer';

/** What one input item came to: its output rows (in order) and the errors that stopped parts of it. */
interface ItemOutcome<Row> {
	rows: Row[];
	errors: Error[];
}

/**
 * The outcomes of a run whose service requests carry several items (sms.send, hlr.lookup): every
 * item is read and checked first (prepare), the requests are planned across items, and each
 * answer is handed back to the items it belongs to (collect). With Continue On Fail an item's
 * failure stays its own; the output keeps input order, every item paired with its input.
 */
export class ItemOutcomes<Row> {
	private readonly outcomes: Array<ItemOutcome<Row>>;

	constructor(
		private readonly context: IExecuteFunctions,
		itemCount: number,
	) {
		this.outcomes = new Array<ItemOutcome<Row>>(itemCount);
		for (let i = 0; i < itemCount; i++) this.outcomes[i] = { rows: [], errors: [] };
	}

	/**
	 * `prepare` (which gives each item's preparation with its index) for every item before anything is sent: a bad item stops the run (without
	 * Continue On Fail) or keeps its error, and nothing has been charged yet either way. The loop
	 * gives the event loop a turn between items (`pacer`).
	 */
	async prepareEach<Prepared extends { itemIndex: number }>(
		prepare: (itemIndex: number) => Prepared | Promise<Prepared>,
		pacer: Pacer = new Pacer(),
	): Promise<Prepared[]> {
		const continueOnFail = this.context.continueOnFail();
		const ready: Prepared[] = [];
		for (let itemIndex = 0; itemIndex < this.outcomes.length; itemIndex++) {
			try {
				// Awaited only when it is a promise: the usual synchronous item costs no extra turn.
				const prepared = prepare(itemIndex);
				ready.push(prepared instanceof Promise ? await prepared : prepared);
			} catch (error) {
				if (!continueOnFail) throw withItemIndex.call(this.context, error, itemIndex);
				this.outcomes[itemIndex].errors.push(error as Error);
			}
			if (pacer.due()) await pacer.pause();
		}
		return ready;
	}

	get(itemIndex: number): ItemOutcome<Row> {
		return this.outcomes[itemIndex];
	}

	/** The outcomes of the items that failed (or partly failed), with their indexes, in input order. */
	*failed(): Generator<[number, ItemOutcome<Row>]> {
		for (let itemIndex = 0; itemIndex < this.outcomes.length; itemIndex++) {
			const outcome = this.outcomes[itemIndex];
			if (outcome.errors.length > 0) yield [itemIndex, outcome];
		}
	}

	/** Every item's outcome with its index, in input order. */
	entries(): Array<[number, ItemOutcome<Row>]> {
		return this.outcomes.map((outcome, itemIndex) => [itemIndex, outcome]);
	}

	/**
	 * The node's output: each item's rows (a failed row reduced to `{ error }` on the error
	 * output), then its errors as error items. Without `asItem` each row is an item's JSON.
	 */
	async toOutput(
		asItem?: (row: Row) => { json: IDataObject; failed?: boolean },
		pacer: Pacer = new Pacer(),
	): Promise<INodeExecutionData[]> {
		const output: INodeExecutionData[] = [];
		for (let itemIndex = 0; itemIndex < this.outcomes.length; itemIndex++) {
			const { rows, errors } = this.outcomes[itemIndex];
			for (const row of rows) {
				if (!asItem) {
					output.push({ json: row as IDataObject, pairedItem: { item: itemIndex } });
					continue;
				}
				const { json, failed } = asItem(row);
				output.push(
					failed
						? failureItem.call(this.context, json, itemIndex)
						: { json, pairedItem: { item: itemIndex } },
				);
			}
			for (const error of errors) output.push(errorItem.call(this.context, error, itemIndex));
			// 100,000 items take a while: the event loop gets a turn now and then (pacer.ts).
			if (pacer.due()) await pacer.pause();
		}
		return output;
	}
}
