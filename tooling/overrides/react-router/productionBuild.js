// React Router 7's package exports name only its development build (remix-run/react-router
// #12532, #14102), whose checks build their warning messages on every render of <Routes>, in the
// browser and on the server alike. Its production build is the same code with those checks off;
// a production build of ours takes that one, past the package's exports (UPGRADING.md).
const path = require('node:path');
const { packageDir } = require('../installed');

const PRODUCTION_BUILD = 'dist/production/index.mjs';

/** webpack's resolve.alias for a production build. */
const reactRouterProductionAlias = () => ({
  'react-router$': path.join(packageDir('react-router'), PRODUCTION_BUILD),
});

module.exports = { reactRouterProductionAlias, PRODUCTION_BUILD };
