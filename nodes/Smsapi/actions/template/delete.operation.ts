import { deleteByIdOperation } from '../byId';
import { templateRecord } from './fields';

export const { description, execute } = deleteByIdOperation(templateRecord);
