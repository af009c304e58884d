// Local ports of every deployable (README "Ports").
module.exports = {
  shell: 3000,
  api: 3001,
  'public-site': 3002,
  'business-portal': 3003,
  'admin-console': 3004,
  authEmulator: 9099,
};
