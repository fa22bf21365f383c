/**
 * The transport: the only place that talks HTTP to SMSAPI. Operations, the send core and the
 * trigger import from here, and only what they use; the modules' other exports serve each other
 * (and the transport's own tests, which import the module they test).
 */
export { smsapiApiRequest } from './smsapiApiRequest';
export { refusedAfterUnknownOutcome } from './attempt';
export { servedByRestApi } from './credential';
export { smsapiApiRequestAllItems, smsapiApiRequestPage, type ListPage } from './paging';
export { apiPath, InvalidPathIdError, namePathSegment } from './apiPath';
export { SENDER_NAME, SENDER_NAME_IN_PATH } from './idFormats';
export type { SmsapiContext, SmsapiRequest, SmsapiResponse } from './types';
export type { UploadFile } from './multipart';
export { hlrEntries } from './responseBody';
export { describeSmsapiError } from './errors/errorCodes';
export { createServiceError, getSmsapiErrorCode } from './errors/serviceError';
export { MAIL2SMS_ADDRESSES } from '../../../credentials/smsapiAccount';
