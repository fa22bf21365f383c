import { wholeListOperation } from '../wholeList';
import { CONTACT_FIELDS, contactFieldItem } from './fields';

// The service answers every field at once (`{size, collection}`, no paging published).
export const { description, execute } = wholeListOperation('contactField', CONTACT_FIELDS, {
	toItem: contactFieldItem,
	tokenOnly: true,
});
