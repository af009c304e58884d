import { screen } from '@testing-library/react';
import type * as ReactModule from 'react';
import type * as ReactDomClient from 'react-dom/client';
import type { Root } from 'react-dom/client';
import type * as SharedContext from 'shared-context';
import type { SafeHtml as SafeHtmlComponent } from './SafeHtml';
/**
 * Article HTML the server rendered (sanitised there) is hydrated without a mismatch, and stays on
 * screen while the browser is still loading DOMPurify: no blank article, no flash.
 */
const articleHtml =
  '<h2>見出し</h2><p>本文<strong>強調</strong> &amp; <a href="https://example.com" target="_blank">外部</a></p>' +
  '<img src="x" onerror="alert(1)"><iframe src="https://www.youtube.com/embed/abcdefghijk" title="動画"></iframe>';

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

/**
 * The browser's side, in a registry of its own too, loaded in the same order as the server's:
 * each test starts with a browser that has not loaded the sanitiser, unless it loads it first.
 */
async function browserModules() {
  let modules!: {
    React: typeof ReactModule;
    client: typeof ReactDomClient;
    context: typeof SharedContext;
    SafeHtml: typeof SafeHtmlComponent;
  };
  await jest.isolateModulesAsync(async () => {
    const React = await import('react');
    const client = await import('react-dom/client');
    await import('shared-context');
    const { SafeHtml } = await import('./SafeHtml');
    modules = { React, client, context: await import('shared-context'), SafeHtml };
  });
  return modules;
}

type BrowserModules = Awaited<ReturnType<typeof browserModules>>;

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
  document.body.innerHTML = '';
});

/**
 * Hydrates the server's markup as the shell does (in a transition: React hydrates in slices, and
 * replays a component that suspended once its promise settles) and records every node removed
 * from it meanwhile, the effects after hydration included.
 */
async function hydrate({ React, client, context, SafeHtml }: BrowserModules, markup: string, html: string) {
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  const removed: Node[] = [];
  const observer = new MutationObserver((records) => records.forEach((record) => removed.push(...record.removedNodes)));
  observer.observe(container, { childList: true, subtree: true, characterData: true });
  const onRecoverableError = jest.fn();
  const consoleError = jest.spyOn(console, 'error');
  let root: Root | undefined;
  // Awaited: hydration waits for DOMPurify when it is not loaded yet, and React goes on once it is.
  await React.act(async () => {
    React.startTransition(() => {
      root = client.hydrateRoot(
        container,
        <context.ThemeModeProvider initialMode="light">
          <SafeHtml html={html} />
        </context.ThemeModeProvider>,
        { onRecoverableError },
      );
    });
  });
  await React.act(() => new Promise((resolve) => setTimeout(resolve, 0))); // the effects after hydration
  unmount = () => React.act(() => root?.unmount());
  observer.disconnect();
  const consoleErrors = consoleError.mock.calls.map((args) => String(args[0]));
  consoleError.mockRestore();
  return { container, removed, onRecoverableError, consoleErrors };
}

describe('SafeHtml hydrating server-rendered article HTML', () => {
  it('keeps the served article on screen while DOMPurify loads, then hydrates without a mismatch', async () => {
    const markup = await serverMarkup(articleHtml);
    expect(markup).toContain('<h2>見出し</h2>');
    expect(markup).not.toContain('onerror');

    const browser = await browserModules();
    expect(browser.context.loadedSanitizer()).toBeNull();
    const { container, removed, onRecoverableError, consoleErrors } = await hydrate(browser, markup, articleHtml);

    // DOMPurify was loaded during hydration, and the served article never left the screen, not
    // even once hydrated: the state the first, suspended, render kept said "not loaded yet", and
    // the live page emptied the body until an effect loaded it again (a layout shift of 0.47).
    expect(browser.context.loadedSanitizer()).not.toBeNull();
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
    const browser = await browserModules();
    const loading = browser.context.loadSanitizer();
    await loading;
    // Marked settled, so that use() reads it without suspending: the page hydrates in one pass.
    expect(loading).toMatchObject({ status: 'fulfilled', value: browser.context.loadedSanitizer() });
    const { container, removed, onRecoverableError, consoleErrors } = await hydrate(browser, markup, html);
    expect(screen.getByText('二つ目の記事')).toBeInTheDocument();
    expect(container.innerHTML).toBe(markup);
    expect(removed).toEqual([]);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleErrors).toEqual([]);
  });
});
