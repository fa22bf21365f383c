import { getByIdOperation } from '../byId';
import { groupRecord } from './fields';

export const { description, execute } = getByIdOperation(groupRecord);
