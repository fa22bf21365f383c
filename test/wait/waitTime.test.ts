/** The units of the waits' time limits (nodes/Smsapi/wait/waitTime.ts): only those a wait offers. */
import { unitMs } from '../../nodes/Smsapi/wait/waitTime';

it('the units a wait offers, nothing else', () => {
	expect(unitMs('seconds', ['seconds', 'minutes', 'hours'])).toBe(1000);
	expect(unitMs('days', ['minutes', 'hours', 'days'])).toBe(86_400_000);
	expect(unitMs('days', ['seconds', 'minutes', 'hours'])).toBeUndefined();
	for (const unit of ['weeks', 'toString', '__proto__', undefined, 3, ['hours']]) expect(unitMs(unit, ['hours'])).toBeUndefined();
});
