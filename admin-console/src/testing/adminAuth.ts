import { signedIn, testUser } from 'shared-data/testing';

export const TEST_TOKEN = 'test-id-token';

/** The signed-in admin the console runs for in component tests (the test kit's `auth`). */
export const adminAuth = signedIn(testUser({ uid: 'admin-uid', email: 'admin@example.com', displayName: '管理者' }), {
  isAdmin: true,
  getIdToken: async () => TEST_TOKEN,
});
