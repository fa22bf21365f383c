import { deleteByIdOperation } from '../byId';
import { contactFieldRecord } from './fields';

// `DELETE /contacts/fields/{fieldId}`: 204 deleted (with the values contacts had in it), 404 no such field.
export const { description, execute } = deleteByIdOperation(contactFieldRecord);
