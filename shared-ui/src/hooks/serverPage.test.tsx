import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  ServerPageContext,
  createServerPage,
  useHttpStatus,
  useHydrated,
  type ServerPage,
  type SocialMeta,
} from 'shared-context';
import { useDocumentTitle } from './useDocumentTitle';
import { useSocialMeta } from './useSocialMeta';

/**
 * What a page tells the server while it renders (status, title, share metadata), and
 * useHydrated: false on the server and during hydration, so the first client render matches.
 */
/** Hydrates `element` over `html` (the server's markup), as the browser entry does. */
function hydrate(html: string, element: ReactNode) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const onRecoverableError = jest.fn();
  render(element, { container, hydrate: true, onRecoverableError });
  return { container, onRecoverableError };
}

function HydratedProbe({ seen }: { seen: boolean[] }) {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <p>{hydrated ? 'browser' : 'server'}</p>;
}

describe('useHydrated', () => {
  it('is false while the server renders', () => {
    const seen: boolean[] = [];
    expect(renderToString(<HydratedProbe seen={seen} />)).toBe('<p>server</p>');
    expect(seen).toEqual([false]);
  });

  it("is false for hydration's first render, so it matches the server's HTML, and true right after", async () => {
    const seen: boolean[] = [];
    const consoleError = jest.spyOn(console, 'error');
    const { container, onRecoverableError } = hydrate(
      renderToString(<HydratedProbe seen={[]} />),
      <HydratedProbe seen={seen} />,
    );
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    expect(container.textContent).toBe('browser');
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('is true from the first render of a page rendered only in the browser', async () => {
    const seen: boolean[] = [];
    render(<HydratedProbe seen={seen} />);
    expect(seen).toEqual([true]);
  });
});

const shareMeta: SocialMeta = {
  title: '記事 | AIまなび',
  description: '要約',
  image: '/images/a.png',
  url: '/articles/a',
  type: 'article',
  article: { headline: '記事', datePublished: '2025-01-01' },
};

function ArticlePage({ meta }: { meta: SocialMeta | null }) {
  useDocumentTitle('記事');
  useSocialMeta(meta);
  return <h1>記事</h1>;
}

function Missing() {
  useHttpStatus(404);
  useDocumentTitle('ページが見つかりません');
  return <h1>見つかりません</h1>;
}

/** What the page reported while rendering on the server. */
const renderOnServer = (element: ReactNode): Omit<ServerPage, 'report'> => {
  const page = createServerPage();
  renderToString(<ServerPageContext.Provider value={page}>{element}</ServerPageContext.Provider>);
  return { status: page.status, title: page.title, meta: page.meta };
};

describe('ServerPage', () => {
  it('starts as 200 with no title or share metadata', () => {
    expect(renderOnServer(<p>本文</p>)).toEqual({ status: 200, title: null, meta: null });
  });

  it('records the status a page asks for', () => {
    expect(renderOnServer(<Missing />)).toMatchObject({ status: 404, title: 'ページが見つかりません | AIまなび' });
  });

  it("records the page's title and share metadata, without touching the document", () => {
    const titleBefore = document.title;
    const page = renderOnServer(<ArticlePage meta={shareMeta} />);
    expect(page).toEqual({ status: 200, title: '記事 | AIまなび', meta: shareMeta });
    expect(document.title).toBe(titleBefore);
    expect(document.head.querySelector('meta[property^="og:"]')).toBeNull();
  });

  it('records no share metadata while the data is missing', () => {
    expect(renderOnServer(<ArticlePage meta={null} />).meta).toBeNull();
  });

  it('is inert in the browser: the hooks set the document instead, and nothing throws', () => {
    render(<Missing />);
    expect(screen.getByRole('heading')).toHaveTextContent('見つかりません');
    expect(document.title).toBe('ページが見つかりません | AIまなび');
  });
});
