import { deleteByIdOperation } from '../byId';
import { shortLinkRecord } from './fields';

export const { description, execute } = deleteByIdOperation(shortLinkRecord);
