import { defaultRuntimeConfig, setRuntimeConfig } from 'shared-core';
import type { UserProfile } from './types';
import { confirmUser } from './userState';

const admin = (emailVerified: boolean): UserProfile => ({
  uid: 'uid-admin',
  email: 'admin@example.com',
  displayName: null,
  photoURL: null,
  emailVerified,
  createdAt: null,
  lastSignInTime: null,
});

const projectConfig = {
  apiBaseUrl: 'https://api.example/api',
  releaseServiceUrl: 'https://releases.example/api',
  auth: { mode: 'project', config: { apiKey: 'k', authDomain: 'x.firebaseapp.com', projectId: 'x' } },
  adminEmails: ['admin@example.com'],
  previewOrigins: [],
  releaseEnvironment: 'production',
} as const;

/** The admin flag confirmUser dispatches and stores. */
function flagFor(profile: UserProfile): boolean {
  const dispatch = jest.fn();
  confirmUser(dispatch, profile);
  const flag = dispatch.mock.calls[0][0].isAdmin as boolean;
  expect(localStorage.getItem('isAdmin')).toBe(String(flag));
  return flag;
}

describe('the admin flag follows the API rule', () => {
  afterEach(() => {
    setRuntimeConfig(defaultRuntimeConfig());
    localStorage.clear();
  });

  it('against a real Firebase project, an unverified admin e-mail is no admin', () => {
    setRuntimeConfig({ ...projectConfig, adminEmails: [...projectConfig.adminEmails], previewOrigins: [] });
    expect(flagFor(admin(false))).toBe(false);
    expect(flagFor(admin(true))).toBe(true);
  });

  it('against the emulator, where nothing is verified, the e-mail alone decides', () => {
    setRuntimeConfig(defaultRuntimeConfig());
    expect(flagFor(admin(false))).toBe(true);
  });
});
