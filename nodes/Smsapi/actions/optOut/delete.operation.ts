import { deleteByIdOperation } from '../byId';
import { optOutRecord } from './fields';

// `DELETE /opt_outs/{optOutId}`: 204 deleted, 404 no such entry, 403 the opt-out feature is off.
export const { description, execute } = deleteByIdOperation(optOutRecord);
