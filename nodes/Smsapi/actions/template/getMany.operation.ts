import { wholeListOperation } from '../wholeList';

export const { description, execute } = wholeListOperation('template', 'sms/templates');
