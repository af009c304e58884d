/** @jest-environment node */
import { Suspense, lazy, type ComponentType } from 'react';
import { renderToHtml } from './renderToHtml';

/**
 * The whole page as one string once every Suspense boundary has its content: what a crawler or a
 * reader without JavaScript gets, with no boundary left behind a fallback and an inline script.
 */
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A page loaded like a route's code-split chunk: React.lazy, resolving after `ms`. */
const lazyPage = (ms: number, Page: ComponentType) => lazy(() => wait(ms).then(() => ({ default: Page })));

function Thrower(): never {
  throw new Error('記事の表示に失敗');
}

describe('renderToHtml', () => {
  it('renders lazily loaded pages fully, inline, without fallback or scripts', async () => {
    // Long enough (~30 KB) that React would otherwise send it after its fallback, "outlined".
    const paragraphs = Array.from({ length: 300 }, (_, index) => `段落${index}：生成AIの使い方を学びます。`);
    const Article = lazyPage(30, () => (
      <article>
        記事の本文
        {paragraphs.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </article>
    ));
    const Related = lazyPage(60, () => <aside>関連記事</aside>);
    const html = await renderToHtml(
      <main>
        <h1>見出し</h1>
        <Suspense fallback={<p>読み込み中</p>}>
          <Article />
          <Suspense fallback={<p>関連を読み込み中</p>}>
            <Related />
          </Suspense>
        </Suspense>
      </main>,
      2000,
    );
    expect(html).toContain('<article>記事の本文<p>段落0');
    expect(html).toContain('段落299：生成AIの使い方を学びます。</p></article>');
    expect(html).toContain('<aside>関連記事</aside>');
    expect(html).not.toContain('読み込み中');
    expect(html).not.toMatch(/<template|\$RC|<script/);
    // In document order: the heading, then the article, then its related articles.
    expect(html.indexOf('見出し')).toBeLessThan(html.indexOf('記事の本文'));
    expect(html.indexOf('記事の本文')).toBeLessThan(html.indexOf('関連記事'));
  });

  it('renders a page whose code and data are loaded without rendering its fallbacks', async () => {
    const fallbacks = jest.fn();
    function Fallback() {
      fallbacks();
      return <p>読み込み中</p>;
    }
    // Over 500 bytes: React's stream renders the fallback of such a boundary even when its
    // content is complete (in case it sends the content later, "outlined").
    const body = '生成AIの使い方を学びます。'.repeat(20);
    const html = await renderToHtml(
      <main>
        <Suspense fallback={<Fallback />}>
          <article>{body}</article>
        </Suspense>
      </main>,
      1000,
    );
    expect(html).toBe(`<main><!--$--><article>${body}</article><!--/$--></main>`);
    // A fallback rendered for nothing costs time and leaves its styles in the page's CSS.
    expect(fallbacks).not.toHaveBeenCalled();
  });

  it('renders a tree without Suspense as it is', async () => {
    expect(await renderToHtml(<p title={'"A" & <B>'}>本文</p>, 1000)).toBe(
      '<p title="&quot;A&quot; &amp; &lt;B&gt;">本文</p>',
    );
  });

  it('rejects when a component throws inside a Suspense boundary (instead of sending the fallback)', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(
        renderToHtml(
          <main>
            <Suspense fallback={<p>読み込み中</p>}>
              <Thrower />
            </Suspense>
          </main>,
          1000,
        ),
      ).rejects.toThrow('記事の表示に失敗');
    } finally {
      consoleError.mockRestore();
    }
  });

  it('rejects when a lazy page fails to load', async () => {
    const Broken = lazy(() => Promise.reject(new Error('chunk failed')));
    await expect(
      renderToHtml(
        <Suspense fallback={<p>読み込み中</p>}>
          <Broken />
        </Suspense>,
        1000,
      ),
    ).rejects.toThrow('chunk failed');
  });

  it('rejects when the shell itself throws', async () => {
    await expect(renderToHtml(<Thrower />, 1000)).rejects.toThrow('記事の表示に失敗');
  });

  it('rejects once the time is up, however long the page would take', async () => {
    const Never = lazy(() => new Promise<{ default: ComponentType }>(() => undefined));
    const started = Date.now();
    await expect(
      renderToHtml(
        <Suspense fallback={<p>読み込み中</p>}>
          <Never />
        </Suspense>,
        100,
      ),
    ).rejects.toThrow('server render took longer than 100 ms');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
