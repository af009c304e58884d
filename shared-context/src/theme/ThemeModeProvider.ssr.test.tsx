import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import type { ThemeMode } from './tokens';
import { ThemeModeProvider, themeModeFromCookie, useThemeMode } from './ThemeModeProvider';

/**
 * The theme of a server-rendered page: the server renders in the mode the `theme` cookie names,
 * hydration starts from that mode, then the saved preference (localStorage) takes over and is
 * mirrored into the cookie for the next request.
 */
function Probe({ seen }: { seen: ThemeMode[] }) {
  const { mode, toggle } = useThemeMode();
  seen.push(mode);
  return (
    <button type="button" onClick={toggle}>
      {mode}
    </button>
  );
}

const themeCookie = () => /(?:^|;\s*)theme=([^;]*)/.exec(document.cookie)?.[1] ?? null;

/** The server's HTML in `initialMode`, then hydration of it with the same `initialMode`. */
function hydrateIn(initialMode: ThemeMode) {
  const element = (seen: ThemeMode[]) => (
    <ThemeModeProvider initialMode={initialMode}>
      <Probe seen={seen} />
    </ThemeModeProvider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(element([]));
  document.body.append(container);
  const seen: ThemeMode[] = [];
  const onRecoverableError = jest.fn();
  render(element(seen), { container, hydrate: true, onRecoverableError });
  return { seen, onRecoverableError };
}

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'theme=; Path=/; Max-Age=0';
  delete document.documentElement.dataset.theme;
});

describe('ThemeModeProvider on a server-rendered page', () => {
  it('renders on the server in the mode it is given, whatever the browser saved', () => {
    localStorage.setItem('theme', 'light');
    expect(
      renderToString(
        <ThemeModeProvider initialMode="dark">
          <Probe seen={[]} />
        </ThemeModeProvider>,
      ),
    ).toContain('>dark</button>');
  });

  it('hydrates in the served mode, then takes the saved one and mirrors it into the cookie', async () => {
    localStorage.setItem('theme', 'dark');
    const { seen, onRecoverableError } = hydrateIn('light');
    expect(seen[0]).toBe('light');
    await waitFor(() => expect(screen.getByRole('button')).toHaveTextContent('dark'));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(themeCookie()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('keeps the served mode when nothing is saved', async () => {
    const { seen, onRecoverableError } = hydrateIn('dark');
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(seen.every((mode) => mode === 'dark')).toBe(true);
    expect(screen.getByRole('button')).toHaveTextContent('dark');
    expect(onRecoverableError).not.toHaveBeenCalled();
  });

  it('saves a toggle in localStorage and the cookie', async () => {
    hydrateIn('light');
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(themeCookie()).toBe('dark');
    await userEvent.click(screen.getByRole('button'));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(themeCookie()).toBe('light');
  });

  it('without a served mode, starts from the saved one at once (no flash)', () => {
    localStorage.setItem('theme', 'dark');
    const seen: ThemeMode[] = [];
    render(
      <ThemeModeProvider>
        <Probe seen={seen} />
      </ThemeModeProvider>,
    );
    expect(seen[0]).toBe('dark');
    // Before the first paint: <html data-theme> picks the page colours (GlobalStyle).
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('sends the same page-wide rules in both modes: <html data-theme> picks the colours', () => {
    const globalRules = (mode: ThemeMode) => {
      const sheet = new ServerStyleSheet();
      renderToString(sheet.collectStyles(<ThemeModeProvider initialMode={mode}>page</ThemeModeProvider>));
      const css = sheet.getStyleTags();
      sheet.seal();
      return css;
    };
    const light = globalRules('light');
    expect(globalRules('dark')).toBe(light);
    expect(light).toMatch(/:root\[data-theme='dark'\]\{[^}]*--page-background:#1c1c1e/);
    expect(light).toMatch(/body\{[^}]*background:var\(--page-background\)/);
  });
});

describe('themeModeFromCookie', () => {
  it.each([
    ['theme=dark', 'dark'],
    ['theme=light', 'light'],
    ['session=abc; theme=dark', 'dark'],
    ['theme=dark;other=1', 'dark'],
  ])('reads %p as %p', (header, mode) => {
    expect(themeModeFromCookie(header)).toBe(mode);
  });

  it.each([undefined, '', 'theme=blue', 'theme=', 'xtheme=dark', 'theme=DARK'])('reads no mode from %p', (header) => {
    expect(themeModeFromCookie(header)).toBeNull();
  });
});
