import { wholeListOperation } from '../wholeList';
import { groupItem } from './fields';

// The service answers every group at once (no paging) and counts their contacts on request.
export const { description, execute } = wholeListOperation('contactGroup', 'contacts/groups', {
	qs: { with: 'contacts_count' },
	toItem: groupItem,
});
