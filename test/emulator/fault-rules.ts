/**
 * The faults a test sets on the emulator (`POST /__control/faults`): made from the control's
 * input, and the one a request meets (matched by address, method and endpoint; used up after
 * `times` requests, gone after `ms`). `refuse` faults close a listener instead (server.ts).
 */
import type { Address, EmulatorState, Fault } from './state';

export type FaultInput = Omit<Fault, 'id' | 'until' | 'method'> & { method?: string | null; ms?: number };

export function newFault(id: number, input: FaultInput): Fault {
	return {
		id,
		address: input.address,
		endpoint: input.endpoint ? input.endpoint.replace(/^\/+/, '') : null,
		method: input.method ? input.method.toUpperCase() : null,
		mode: input.mode,
		times: input.times ?? null,
		until: input.ms ? Date.now() + input.ms : null,
	};
}

/** The fault a request to `address` meets, if any; counts it down and drops the faults that ran out. */
export function takeFault(state: EmulatorState, address: Address, method: string, path: string): Fault | undefined {
	const now = Date.now();
	state.faults = state.faults.filter((f) => f.until === null || f.until > now || f.mode === 'refuse');
	const endpoint = path.replace(/^\/+/, '');
	const fault = state.faults.find(
		(f) =>
			f.mode !== 'refuse' &&
			f.address === address &&
			(f.method === null || f.method === method) &&
			(f.endpoint === null || endpoint === f.endpoint || endpoint.startsWith(`${f.endpoint}/`)),
	);
	if (fault && fault.times !== null) {
		fault.times -= 1;
		if (fault.times <= 0) state.faults = state.faults.filter((f) => f !== fault);
	}
	return fault;
}
