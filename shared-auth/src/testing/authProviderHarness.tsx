import { act, renderHook, waitFor, type RenderHookResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { setViewportWidth } from 'shared-ui/testing';
import { AuthProvider } from '../AuthProvider';
import { useAuth } from '../AuthContext';
import { createSessionLoader, type SessionLoader } from '../sessionLoader';
import type { AuthContextValue } from '../types';
import { firebaseMock } from './firebaseAuthMock';
import { testUser } from './testUsers';

/**
 * The AuthProvider under test, shared by AuthProvider*.test.tsx. Each test file mocks the Firebase
 * SDK itself (jest.mock is per file): firebase/app and firebase/auth with ./firebaseAuthMock, and
 * ../fullReload.
 */

const backend = { mode: 'emulator', projectId: 'demo-test', emulatorPort: 9099 } as const;
const newLoader = (): SessionLoader =>
  createSessionLoader(async () => (await import('../firebase/session')).createAuthSession(backend));

export const storedProfile = testUser({ uid: 'stored-uid', email: 'stored@example.com', displayName: '保存 済' });

let hook: RenderHookResult<AuthContextValue, unknown>;
/** The context value as of the latest render. */
export const auth = () => hook.result.current;

export function renderProvider({ path = '/about', onSignInStart }: { path?: string; onSignInStart?: () => void } = {}) {
  window.history.replaceState(null, '', path);
  const loader = newLoader();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <AuthProvider sessionLoader={loader} onSignInStart={onSignInStart}>
        {children}
      </AuthProvider>
    </MemoryRouter>
  );
  hook = renderHook(() => useAuth(), { wrapper });
  return loader;
}

/** Loads the SDK now (instead of at idle time) and waits for Firebase's first answer. */
export async function renderReady(options?: Parameters<typeof renderProvider>[0]) {
  const loader = renderProvider(options);
  await act(() => loader.load());
  await waitFor(() => expect(auth().loading).toBe(false));
  return loader;
}

/** Every test starts signed out in a fresh mock, with empty storage, on a 1280 px desktop. */
export function resetBeforeEachTest(): void {
  beforeEach(() => {
    firebaseMock.reset();
    localStorage.clear();
    setViewportWidth(1280);
  });
  afterEach(() => jest.useRealTimers());
}
