import { screen } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { ThemeModeProvider, loadedSanitizer } from 'shared-context';
import { SafeHtml } from './SafeHtml';

/**
 * Article HTML the server rendered (sanitised there) is hydrated without a mismatch, and stays on
 * screen while the browser is still loading DOMPurify: no blank article, no flash.
 */
const articleHtml =
  '<h2>見出し</h2><p>本文<strong>強調</strong> &amp; <a href="https://example.com" target="_blank">外部</a></p>' +
  '<img src="x" onerror="alert(1)"><iframe src="https://www.youtube.com/embed/abcdefghijk" title="動画"></iframe>';

const page = (html: string) => (
  <ThemeModeProvider initialMode="light">
    <SafeHtml html={html} />
  </ThemeModeProvider>
);

/**
 * The server's side, in a module registry of its own (as the shell's server is a process of its
 * own): shared-ui with the article policy on DOMPurify installed before rendering.
 */
async function serverMarkup(html: string): Promise<string> {
  let markup = '';
  await jest.isolateModulesAsync(async () => {
    const { renderToString } = await import('react-dom/server');
    await import('shared-context');
    await import('./SafeHtml');
    const { installSanitizer } = await import('shared-context');
    const { default: createDOMPurify } = await import('dompurify');
    const { sanitizeArticleHtml } = await import('shared-articles/sanitize-policy');
    const purify = createDOMPurify(window);
    installSanitizer((dirty) => sanitizeArticleHtml(purify, dirty));
    // The same component modules as this registry's, loaded in the same order: the same class names.
    const server = await import('./SafeHtml');
    const theme = await import('shared-context');
    markup = renderToString(
      <theme.ThemeModeProvider initialMode="light">
        <server.SafeHtml html={html} />
      </theme.ThemeModeProvider>,
    );
  });
  return markup;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

/** Hydrates the server's markup and records every node removed from it meanwhile. */
async function hydrate(markup: string, html: string) {
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  const removed: Node[] = [];
  const observer = new MutationObserver((records) => records.forEach((record) => removed.push(...record.removedNodes)));
  observer.observe(container, { childList: true, subtree: true, characterData: true });
  const onRecoverableError = jest.fn();
  const consoleError = jest.spyOn(console, 'error');
  // Awaited: hydration waits for DOMPurify, and React retries once it is there.
  await act(async () => {
    root = hydrateRoot(container, page(html), { onRecoverableError });
  });
  await new Promise((resolve) => setTimeout(resolve, 0)); // the effects after hydration
  observer.disconnect();
  const consoleErrors = consoleError.mock.calls.map((args) => String(args[0]));
  consoleError.mockRestore();
  return { container, removed, onRecoverableError, consoleErrors };
}

describe('SafeHtml hydrating server-rendered article HTML', () => {
  // First in the file on purpose: this registry has not loaded the sanitiser yet.
  it('keeps the served article on screen while DOMPurify loads, then hydrates without a mismatch', async () => {
    const markup = await serverMarkup(articleHtml);
    expect(markup).toContain('<h2>見出し</h2>');
    expect(markup).not.toContain('onerror');

    expect(loadedSanitizer()).toBeNull();
    const { container, removed, onRecoverableError, consoleErrors } = await hydrate(markup, articleHtml);

    // DOMPurify was loaded during hydration, and the served article never left the screen.
    expect(loadedSanitizer()).not.toBeNull();
    expect(removed).toEqual([]);
    expect(container.innerHTML).toBe(markup);
    expect(screen.getByRole('heading', { level: 2, name: '見出し' })).toBeInTheDocument();
    expect(container.querySelector('[aria-busy]')).toBeNull();
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleErrors).toEqual([]);
  });

  it('hydrates without waiting when the sanitiser is already loaded', async () => {
    const html = '<p>二つ目の記事</p>';
    const markup = await serverMarkup(html);
    const { container, removed, onRecoverableError, consoleErrors } = await hydrate(markup, html);
    expect(screen.getByText('二つ目の記事')).toBeInTheDocument();
    expect(container.innerHTML).toBe(markup);
    expect(removed).toEqual([]);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleErrors).toEqual([]);
  });
});
