import { rcsList } from './lists';

/** `GET /rcs/senders`: the RCS senders the user may send from. */
export const { description, execute } = rcsList('getSenders', 'rcs/senders');
