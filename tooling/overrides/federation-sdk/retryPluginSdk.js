// The retry plugin pins an older copy of the federation SDK; it only needs createLogger, which the
// runtime's own SDK provides, so the shell ships one SDK (UPGRADING.md).
const { packageDir } = require('../installed');

/** webpack's resolve.alias: every import of the SDK gets the runtime's copy. */
const oneFederationSdkAlias = () => ({ '@module-federation/sdk$': packageDir('@module-federation/sdk') });

module.exports = { oneFederationSdkAlias };
