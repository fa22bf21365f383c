import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { errorItem, failureItem, withItemIndex } from './loop';
import { Pacer } from '../helpers/pacer';

/** What one input item came to: its output rows (in order) and the errors that stopped parts of it. */
interface ItemOutcome<Row> {
	rows: Row[];
	/** Added by `addError` (NO_ERRORS, frozen, until the first). */
	errors: readonly Error[];
}

const NO_ERRORS: readonly Error[] = Object.freeze([]);
const NO_OUTCOME: ItemOutcome<never> = Object.freeze({
	rows: Object.freeze([]) as never[],
	errors: NO_ERRORS,
});

/**
 * The outcomes of a run whose service requests carry several items (sms.send, hlr.lookup): every
 * item is read and checked first (prepare), the requests are planned across items, and each
 * answer is handed back to the items it belongs to (collect). With Continue On Fail an item's
 * failure stays its own; the output keeps input order, every item paired with its input.
 */
export class ItemOutcomes<Row> {
	/**
	 * Made when an item gets its first row or error, each list as long as it needs to be: a run
	 * of 100,000 items holds no empty lists while it prepares and sends (the garbage collector
	 * copies what a run keeps alive, docs/performance.md).
	 */
	private readonly outcomes: Array<ItemOutcome<Row> | undefined>;

	constructor(
		private readonly context: IExecuteFunctions,
		itemCount: number,
	) {
		this.outcomes = new Array<ItemOutcome<Row> | undefined>(itemCount).fill(undefined);
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
				this.addError(itemIndex, error as Error);
			}
			if (pacer.due()) await pacer.pause();
		}
		return ready;
	}

	/** The item's outcome, to read or to add rows to (errors: `addError`). */
	get(itemIndex: number): ItemOutcome<Row> {
		return (this.outcomes[itemIndex] ??= { rows: [], errors: NO_ERRORS });
	}

	/** One more output row of the item. */
	addRow(itemIndex: number, row: Row): void {
		const outcome = this.outcomes[itemIndex];
		if (outcome) outcome.rows.push(row);
		else this.outcomes[itemIndex] = { rows: [row], errors: NO_ERRORS };
	}

	/** An error that stopped (part of) the item. */
	addError(itemIndex: number, error: Error): void {
		const outcome = this.get(itemIndex);
		outcome.errors = [...outcome.errors, error];
	}

	/** The outcomes of the items that failed (or partly failed), with their indexes, in input order. */
	*failed(): Generator<[number, ItemOutcome<Row>]> {
		for (let itemIndex = 0; itemIndex < this.outcomes.length; itemIndex++) {
			const outcome = this.outcomes[itemIndex];
			if (outcome && outcome.errors.length > 0) yield [itemIndex, outcome];
		}
	}

	/** Every item's outcome with its index, in input order. */
	entries(): Array<[number, ItemOutcome<Row>]> {
		return this.outcomes.map((_, itemIndex) => [itemIndex, this.get(itemIndex)]);
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
			const { rows, errors } = this.outcomes[itemIndex] ?? NO_OUTCOME;
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
