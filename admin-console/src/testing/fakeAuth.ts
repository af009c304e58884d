import type { AuthContextValue } from 'shared-auth';

export const TEST_TOKEN = 'test-id-token';

/** The signed-in admin the console runs for in component tests (`jest.mock('shared-auth', ...)`). */
export const fakeAdminAuth: Pick<AuthContextValue, 'currentUser' | 'isAdmin' | 'loading' | 'getIdToken'> = {
  currentUser: {
    uid: 'admin-uid',
    email: 'admin@example.com',
    displayName: '管理者',
    photoURL: null,
    emailVerified: true,
    createdAt: null,
    lastSignInTime: null,
  },
  isAdmin: true,
  loading: false,
  getIdToken: async () => TEST_TOKEN,
};
