import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router-dom';
import { useAuth } from 'shared-auth';
import { useThemeMode } from 'shared-context';
import { useArticleClient } from '../ArticleClientProvider';
import { currentPath, fakeFetch, renderApp, signedIn, testUser } from './index';

describe('fakeFetch', () => {
  it('answers by "METHOD /path" below the local API, 404 for unknown routes, and records each request', async () => {
    const api = fakeFetch({ 'POST /articles': (request) => ({ status: 201, body: request.body }) });
    const created = await fetch('http://localhost:3001/api/articles', {
      method: 'POST',
      headers: { Authorization: 'Bearer t' },
      body: JSON.stringify({ title: 'x' }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ title: 'x' });
    expect((await fetch('http://localhost:3001/api/nothing')).status).toBe(404);
    expect(api.sent('POST', '/articles')).toHaveLength(1);
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer t');
    expect(api.requests.map((request) => request.path)).toEqual(['/articles', '/nothing']);
  });

  it('takes one function for every request, and fails like a browser on network-error', async () => {
    fakeFetch(({ url }) => (url.endsWith('.json') ? { status: 200, body: [1] } : 'network-error'));
    expect(await (await fetch('/mf-remotes.json')).json()).toEqual([1]);
    await expect(fetch('http://localhost:3001/api/articles')).rejects.toThrow(TypeError);
  });
});

describe('renderApp', () => {
  it('mounts the element at its route only and shows where the router went', async () => {
    renderApp(<Navigate to="/elsewhere" replace />, { url: '/start', path: '/start' });
    await waitFor(() => expect(currentPath()).toBe('/elsewhere'));
    expect(screen.getByTestId('location')).toHaveAttribute('data-navigation', 'REPLACE');
  });

  it('gives the page the auth it is passed, signed out by default, and another on changeAuth', () => {
    function Who() {
      return <p>{useAuth().currentUser?.email ?? 'signed out'}</p>;
    }
    const { changeAuth } = renderApp(<Who />);
    expect(screen.getByText('signed out')).toBeInTheDocument();
    act(() => changeAuth(signedIn(testUser({ email: 'me@example.com' }))));
    expect(screen.getByText('me@example.com')).toBeInTheDocument();
  });

  it('has a theme mode to switch, a router to navigate and an article client', async () => {
    function Page() {
      const { mode, toggle } = useThemeMode();
      const navigate = useNavigate();
      useArticleClient();
      return (
        <>
          <button onClick={toggle}>{mode}</button>
          <button onClick={() => navigate('/next')}>go</button>
        </>
      );
    }
    renderApp(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'light' }));
    expect(screen.getByRole('button', { name: 'dark' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(currentPath()).toBe('/next');
    localStorage.clear();
  });

  it('gives each test a fresh query cache that shows a failure at once', async () => {
    const load = jest.fn(async () => {
      throw new Error('down');
    });
    function Page() {
      const query = useQuery({ queryKey: ['kit'], queryFn: load });
      return <p>{query.status}</p>;
    }
    const { queryClient } = renderApp(<Page />);
    expect(await screen.findByText('error')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(renderApp(<Page />).queryClient).not.toBe(queryClient);
  });
});
