// webpack-config: the one webpack configuration of the shell and the remotes. Each app's
// webpack.config.js says who it is and what it exposes, and takes its builds from here.
const { createConfig } = require('./createConfig');
const { createServerConfig, serverOutputDir } = require('./createServerConfig');
const { sharedConfig } = require('./shared');

module.exports = { createConfig, createServerConfig, serverOutputDir, sharedConfig };
