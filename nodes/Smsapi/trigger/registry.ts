import type { IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { assertGuards, assertTarget, readTarget } from './registrationTarget';
import {
	isExactEntry,
	isOwnEntry,
	receiverMatches,
	type RegisteredCallback,
} from './registryEntries';
import { asNodeError, errorText, isNotThere, registrationFailed } from './registryFailures';
import { deleteCallback, listCallbacks, moveCallback, postCallback } from './registryRequests';
import {
	readRegistration,
	REGISTRATION_KEY,
	storedIdFor,
	storeRegistration,
} from './storedRegistration';
import { maskSecretSegment } from './webhookUrls';

/**
 * Registering the node's URL in the service's callback registry (`/callbacks`, shapes in
 * registryEntries.ts) when the workflow is activated, and removing it when deactivated.
 *
 * - Only the user's own choice skips the registration: "Register URL at SMSAPI" off (the registry
 *   is not called at all), or "If Registration Fails: Continue and Register by Hand" (a refusal is
 *   logged as a warning with the URL to paste, and the workflow is activated).
 * - Otherwise any refusal of `GET`, `POST` or `PUT /callbacks` stops the activation with what the
 *   service refused and the exact URL to register by hand. 404, 405 and 501 included: the
 *   published API lists `/callbacks` as an ordinary endpoint (docs/service-differences.md, R1),
 *   and a 404 to the POST (a receiving number not on the account, a moved path) would otherwise
 *   leave an active trigger that never fires.
 * - Registering is not blindly repeatable (a second POST registers the URL twice): the list is
 *   read first, and after an attempt whose outcome is unknown it is read again before a repeat.
 * - URLs registered in the earlier layout (`…/<event>?secret=`) are moved to the current one.
 * - Deactivation is not held up for good by a registry that is not there (n8n 1.x keeps the
 *   webhooks of a workflow whose node's `delete` failed in its table: active-workflow-manager.ts
 *   `clearWebhooks`): a 404 to `DELETE /callbacks/{id}` means the entry is already gone; the list
 *   answered 404, 405 or 501, or a removal answered 405 or 501, lets the deactivation finish with
 *   a warning that the URL may still be registered, and which. Any other failure stops the
 *   deactivation with the URL to remove by hand.
 */

/** `webhookMethods.default.checkExists`: true when exactly the wanted entry is registered (or cannot be). */
export async function callbackExists(this: IHookFunctions): Promise<boolean> {
	assertGuards.call(this);
	const wanted = readTarget.call(this);
	if (!wanted.enabled) return true;
	let registered: RegisteredCallback[];
	try {
		assertTarget.call(this, wanted);
		registered = await listCallbacks.call(this);
	} catch (error) {
		return registrationFailed.call(this, wanted, error);
	}
	// The id stored at registration also counts, in case the service rewrites the URL it keeps.
	const storedId = storedIdFor.call(this, wanted);
	const own = registered.filter((entry) => entry.id === storedId || isOwnEntry(entry, wanted));
	const exact = own.find(
		(entry) =>
			(entry.id === storedId && receiverMatches(entry, wanted)) || isExactEntry(entry, wanted),
	);
	// Anything else of this node (the earlier URL layout, another receiver) is put right by create().
	if (!exact || own.length > 1) return false;
	storeRegistration.call(this, exact.id, wanted);
	return true;
}

/**
 * `webhookMethods.default.create`: makes the registry hold exactly one entry of this node: keeps
 * one already there, moves one of the earlier URL layout to the current URL (PUT), removes the
 * node's entries with another receiver, and registers (POST) only when none is left.
 */
export async function registerCallback(this: IHookFunctions): Promise<boolean> {
	assertGuards.call(this);
	const wanted = readTarget.call(this);
	if (!wanted.enabled) return true;
	try {
		assertTarget.call(this, wanted);
		const storedId = storedIdFor.call(this, wanted);
		const own = (await listCallbacks.call(this)).filter(
			(entry) => entry.id === storedId || isOwnEntry(entry, wanted),
		);
		let keep = own.find(
			(entry) =>
				(entry.id === storedId && receiverMatches(entry, wanted)) || isExactEntry(entry, wanted),
		);
		if (!keep) {
			const earlier = own.find(
				(entry) => entry.url === wanted.queryUrl && receiverMatches(entry, wanted),
			);
			if (earlier) {
				await moveCallback.call(this, earlier.id, wanted);
				keep = earlier;
			}
		}
		for (const entry of own) if (entry !== keep) await deleteCallback.call(this, entry.id);
		const id = keep?.id ?? (await postCallback.call(this, wanted));
		if (id === undefined) {
			this.logger.warn(
				'SMSAPI Trigger: SMSAPI registered the callback URL but returned no id; it is removed on deactivation by its URL',
			);
			return true;
		}
		storeRegistration.call(this, id, wanted);
		return true;
	} catch (error) {
		return registrationFailed.call(this, wanted, error);
	}
}

const REMOVAL_HINT =
	'The callback URL may still be registered at SMSAPI: remove it in the callback settings of the SMSAPI portal if it is.';

/**
 * `webhookMethods.default.delete`: removes what `create` registered and every other entry carrying
 * the node's URL (either layout) for its event. The stored id alone is not enough: it goes stale
 * when the URL was removed and added again in the portal, and n8n 2.x runs no `checkExists` on a
 * restart to refresh it, so deleting only that id would leave the live URL registered.
 */
export async function unregisterCallback(this: IHookFunctions): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const stored = readRegistration(staticData);
	const ids = new Set<string>(stored ? [stored.id] : []);
	const wanted = readTarget.call(this);
	/** What the service answered "not there" (404/405/501) to, apart from an entry already gone. */
	const unchecked: string[] = [];
	try {
		if (wanted.enabled) {
			try {
				for (const entry of await listCallbacks.call(this))
					if (isOwnEntry(entry, wanted)) ids.add(entry.id);
			} catch (error) {
				if (!isNotThere(error)) throw asNodeError(this.getNode(), error);
				unchecked.push(
					`the list of registered URLs could not be read (${errorText(error).message})`,
				);
			}
		}
		for (const id of ids) {
			try {
				await deleteCallback.call(this, id);
			} catch (error) {
				if (!isNotThere(error)) throw asNodeError(this.getNode(), error);
				unchecked.push(`entry ${id} could not be removed (${errorText(error).message})`);
			}
		}
	} catch (error) {
		const { message, description } = errorText(error);
		throw new NodeOperationError(
			this.getNode(),
			`SMSAPI did not remove the callback URL: ${message}`,
			{
				description: [description, `${REMOVAL_HINT} Its URL: ${wanted.url}`]
					.filter((line) => line !== '')
					.join('\n\n'),
			},
		);
	}
	if (unchecked.length > 0) {
		// Deactivated all the same (a registry that is not there must not hold it up for good), but
		// not silently. Logs keep no secrets: the URL's secret segment is masked.
		this.logger.warn(
			`SMSAPI Trigger "${this.getNode().name}": deactivated, but ${unchecked.join('; ')}. ${REMOVAL_HINT} Its URL: ${maskSecretSegment(wanted.url, wanted.queryUrl)}`,
		);
	}
	delete staticData[REGISTRATION_KEY];
	return true;
}
