import { deleteByIdOperation } from '../byId';
import { groupRecord } from './fields';

// Deleting a group leaves its contacts in the database.
export const { description, execute } = deleteByIdOperation(groupRecord, {
	...groupRecord.idField,
	description: `${groupRecord.idField.description} Its contacts stay in the database.`,
});
