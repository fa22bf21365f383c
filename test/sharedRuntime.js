/** The quick run's module loader: packages loaded once per jest worker (test/sharedModules.js). */
module.exports = require('./sharedModules').SharedModulesRuntime;
