/** The transport: the only place that talks HTTP to SMSAPI. Operations import from here. */
export * from './smsapiApiRequest';
export * from './apiPath';
export * from './types';
export * from './version';
export * from './responseBody';
export * from './answerErrors';
export * from './textAnswers';
export * from './interpretResponse';
export * from './errorCodes';
export * from './errors';
export * from './failover';
export * from './formValues';
export * from './options';
export * from './redact';
export * from './network';
export * from './paging';
