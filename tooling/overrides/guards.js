// Every override's guard (UPGRADING.md has one section for each).
module.exports = [
  require('./styled-components/guard'),
  require('./federation-runtime/guard'),
  require('./federation-sdk/guard'),
  require('./react-router/guard'),
  require('./spread-first/guard'),
  require('./firebase-storage-emulator/guard'),
];
