/** The quick run's test environment: one global object per jest worker (test/sharedModules.js). */
module.exports = require('./sharedModules').SharedContextEnvironment;
