/**
 * Identity of this package on the wire. Kept in code (not read from package.json at
 * runtime: nodes may not touch the file system); a test keeps it equal to package.json.
 */
export const PACKAGE_NAME = 'n8n-nodes-smsapi-plus';
export const PACKAGE_VERSION = '0.1.0';
/** Sent on every request, like the vendor's own clients (`smsapi/js-client:2.1.3`). */
export const USER_AGENT = `${PACKAGE_NAME}/${PACKAGE_VERSION}`;
