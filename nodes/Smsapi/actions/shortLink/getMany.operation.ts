import { wholeListOperation } from '../wholeList';

export const { description, execute } = wholeListOperation('shortLink', 'short_url/links');
