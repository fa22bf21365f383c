import { getByIdOperation } from '../byId';
import { templateRecord } from './fields';

export const { description, execute } = getByIdOperation(templateRecord);
