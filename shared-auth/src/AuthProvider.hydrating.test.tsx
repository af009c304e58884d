import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { AuthProvider } from './AuthProvider';
import { useAuth } from './AuthContext';
import type { SessionLoader } from './sessionLoader';
import { testUser } from './testing/testUsers';
import type { AuthContextValue } from './types';

/**
 * A server-rendered page is hydrated with `hydrating`: the server saw no storage, so the first
 * render is signed out like the server's HTML, and the stored profile comes back right after.
 */
const storedProfile = testUser({ uid: 'stored-uid', email: 'stored@example.com', displayName: '保存 済' });

/** Firebase never answers here: what is shown comes from the provider and storage alone. */
const silentLoader: SessionLoader = {
  load: () => new Promise(() => undefined),
  subscribe: () => () => undefined,
};

type Seen = Pick<AuthContextValue, 'userProfile' | 'isAdmin' | 'loading'>;

function Probe({ seen }: { seen: Seen[] }) {
  const { userProfile, isAdmin, loading } = useAuth();
  seen.push({ userProfile, isAdmin, loading });
  return <p>{userProfile ? `${userProfile.displayName}さん` : 'ログイン'}</p>;
}

const tree = (seen: Seen[], hydrating: boolean) => (
  <AuthProvider sessionLoader={silentLoader} hydrating={hydrating}>
    <Probe seen={seen} />
  </AuthProvider>
);

const signedOut: Seen = { userProfile: null, isAdmin: false, loading: false };

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('userProfile', JSON.stringify(storedProfile));
  localStorage.setItem('isAdmin', 'true');
});

describe('AuthProvider while hydrating', () => {
  it('renders signed out on the server, whatever is stored', () => {
    const seen: Seen[] = [];
    expect(renderToString(tree(seen, true))).toBe('<p>ログイン</p>');
    expect(seen).toEqual([signedOut]);
  });

  it('hydrates signed out, then restores the stored profile', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree([], true));
    document.body.append(container);
    const seen: Seen[] = [];
    const onRecoverableError = jest.fn();
    render(tree(seen, true), { container, hydrate: true, onRecoverableError });

    expect(seen[0]).toEqual(signedOut);
    await waitFor(() => expect(screen.getByText('保存 済さん')).toBeInTheDocument());
    // As a page rendered in the browser starts: the stored profile, loading until Firebase answers.
    expect(seen.at(-1)).toEqual({ userProfile: storedProfile, isAdmin: true, loading: true });
    expect(onRecoverableError).not.toHaveBeenCalled();
  });

  it('without hydrating, starts from the stored profile at once', () => {
    const seen: Seen[] = [];
    render(tree(seen, false));
    expect(seen[0]).toEqual({ userProfile: storedProfile, isAdmin: true, loading: true });
  });

  it('stays signed out after hydration when nothing is stored', async () => {
    localStorage.clear();
    const seen: Seen[] = [];
    render(tree(seen, true));
    // A window after hydration in which nothing may sign the visitor in (the assertion itself).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.at(-1)).toEqual(signedOut);
    expect(screen.getByText('ログイン')).toBeInTheDocument();
  });
});
