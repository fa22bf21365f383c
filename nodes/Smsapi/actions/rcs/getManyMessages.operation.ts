import { rcsList } from './lists';

/** `GET /rcs/messages`: the RCS messages the user sent. */
export const { description, execute } = rcsList('getManyMessages', 'rcs/messages');
