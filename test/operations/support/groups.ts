/** A contact group and a name conflict as the service answers them, for the contact group operation tests. */
export const group = {
	id: '650000000000000000000001',
	name: 'newsletter',
	description: 'News',
	idx: null,
	contact_expire_after: null,
	contacts_count: '3',
};

export const groupConflict = {
	message: 'Group with this name already exists',
	error: 'group_conflict',
	developer_description: null,
	errors: null,
};

export const groupNotFound = {
	message: 'Group not found',
	error: 'not_found',
	developer_description: null,
	errors: null,
};
