/**
 * n8n 2.41 in queue mode as users run it at scale: PostgreSQL, Redis, main, a webhook process
 * and two workers (test/e2e/topology/suite.ts). One file per n8n line, so that jest runs them side
 * by side; SMSAPI_E2E_LINES leaves out the file of a line that is not selected (jest.config.js).
 */
import { describeTopology } from './topology/suite';

describeTopology('2');
