export * from './config';
export * from './lines';
export * from './types';
export * from './build';
export { N8nInstance, createN8n, stopAllN8n, newId, extractRunJson } from './N8nInstance';
export type { CreateOptions, StartOptions, QueueModeOptions, CredentialTestResult } from './N8nInstance';
export { startRedis } from './redis';
export type { RedisServer } from './redis';
export { freePort, waitFor, sleep } from './proc';
