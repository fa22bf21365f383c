/**
 * jest's globalSetup for every project (jest.config.js), in jest's parent process: makes jest the
 * owner of its run unless scripts/test-run.js (`npm test`) owns it already, so that what the tests
 * start is stopped when jest ends, however it ends (Ctrl-C, SIGTERM, a crash): scripts/reaper.js.
 */
const { ensureRunOwner } = require('../scripts/reaper');

module.exports = async function globalSetup() {
	ensureRunOwner();
};
