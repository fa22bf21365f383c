/**
 * The registration the trigger keeps in its static data (trigger/storedRegistration.ts): the id the
 * registry gave its URL, stored with the URL and type it was registered for, read back only when it
 * has the shape the node wrote, and found again only for exactly that URL and type.
 */
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { readRegistration, REGISTRATION_KEY, storedIdFor, storeRegistration } from '../../nodes/Smsapi/trigger/storedRegistration';

/** A hook context whose node static data is `staticData`. */
const hooks = (staticData: IDataObject) => ({ getWorkflowStaticData: (type: string) => (type === 'node' ? staticData : {}) }) as unknown as IHookFunctions;

const target = { type: 'sms_dlr', url: 'https://n8n.example.com/webhook/w1/dlr/s3cret', queryUrl: 'https://n8n.example.com/webhook/w1/dlr?secret=s3cret' };

describe('the stored registration', () => {
	it('stores the id with the URL and type it was registered for, nothing else (no earlier URL, no secret of its own)', () => {
		const staticData: IDataObject = { other: 1 };
		storeRegistration.call(hooks(staticData), 'c1', target);
		expect(staticData).toEqual({ other: 1, [REGISTRATION_KEY]: { id: 'c1', type: 'sms_dlr', url: target.url } });
	});

	it('finds the id again for exactly that URL and type, and for no other', () => {
		const staticData: IDataObject = {};
		storeRegistration.call(hooks(staticData), 'c1', target);
		expect(storedIdFor.call(hooks(staticData), target)).toBe('c1');
		expect(storedIdFor.call(hooks(staticData), { ...target, type: 'sms_mo' })).toBeUndefined();
		expect(storedIdFor.call(hooks(staticData), { ...target, url: `${target.url}x` })).toBeUndefined();
		expect(storedIdFor.call(hooks({}), target)).toBeUndefined();
	});

	it('reads back only what has the shape it wrote (static data a user or an older version changed is no registration)', () => {
		expect(readRegistration({ [REGISTRATION_KEY]: { id: 'c1', type: 'hlr', url: 'u' } })).toEqual({ id: 'c1', type: 'hlr', url: 'u' });
		expect(readRegistration({ [REGISTRATION_KEY]: { id: 'c1', url: 'u' } })).toEqual({ id: 'c1', type: '', url: 'u' });
		for (const stored of [undefined, null, 'c1', ['c1'], { id: 1, url: 'u' }, { id: 'c1' }, { id: 'c1', url: 7 }]) {
			expect(readRegistration({ [REGISTRATION_KEY]: stored } as IDataObject)).toBeUndefined();
		}
	});
});
