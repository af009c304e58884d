/** @jest-environment node */
import { useContext, type ReactElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import styled, {
  ServerStyleSheet,
  StyleSheetContext,
  createGlobalStyle,
  keyframes,
  type IStyleSheetContext,
} from 'styled-components';
import { MemoisedStylis, memoiseStylis } from './memoisedStylis';

/**
 * The server keeps stylis' output per process: every request renders into a fresh sheet, and the
 * same CSS would otherwise be parsed and serialised again for each page. The styles a page gets
 * must be exactly those it got without the cache.
 */
type Stringifier = IStyleSheetContext['stylis'];

function fakeStylis(): Stringifier & jest.Mock {
  const fn = jest.fn((css: string, selector?: string) => [`${selector ?? ''}{${css}}`]);
  return Object.assign(fn, { hash: 'h1' }) as unknown as Stringifier & jest.Mock;
}

describe('memoiseStylis', () => {
  it('runs stylis once per distinct arguments and answers the same rules after', () => {
    const stylis = fakeStylis();
    const memoised = memoiseStylis(stylis);
    const first = memoised('color: red;', '.a', undefined, 'sc-a');
    expect(memoised('color: red;', '.a', undefined, 'sc-a')).toBe(first);
    expect(first).toEqual(['.a{color: red;}']);
    expect(stylis).toHaveBeenCalledTimes(1);

    expect(memoised('color: red;', '.b', undefined, 'sc-b')).toEqual(['.b{color: red;}']);
    expect(memoised('color: blue;', '.a', undefined, 'sc-a')).toEqual(['.a{color: blue;}']);
    expect(stylis).toHaveBeenCalledTimes(3);
  });

  it("passes the arguments on as given, so stylis' own defaults apply", () => {
    const stylis = fakeStylis();
    const memoised = memoiseStylis(stylis);
    memoised('a{}');
    memoised('a{}', '');
    expect(stylis.mock.calls).toEqual([['a{}'], ['a{}', '']]);
  });

  it("keeps stylis' hash (class names depend on it) and one memo per stylis instance", () => {
    const stylis = fakeStylis();
    expect(memoiseStylis(stylis).hash).toBe('h1');
    expect(memoiseStylis(stylis)).toBe(memoiseStylis(stylis));
    expect(memoiseStylis(fakeStylis())).not.toBe(memoiseStylis(stylis));
  });

  it('forgets everything once it holds 5,000 results, and still answers right', () => {
    const stylis = fakeStylis();
    const memoised = memoiseStylis(stylis);
    for (let i = 0; i < 5000; i++) memoised(`order: ${i};`, '.a');
    expect(memoised('order: 0;', '.a')).toEqual(['.a{order: 0;}']);
    expect(stylis).toHaveBeenCalledTimes(5000);
    expect(memoised('order: 5000;', '.a')).toEqual(['.a{order: 5000;}']);
    expect(memoised('order: 0;', '.a')).toEqual(['.a{order: 0;}']);
    expect(stylis).toHaveBeenCalledTimes(5002);
  });

  it('hands out rules that cannot be changed by whoever reads them', () => {
    const rules = memoiseStylis(fakeStylis())('color: red;', '.a');
    expect(() => rules.push('.evil{}')).toThrow(TypeError);
  });
});

const fadeIn = keyframes`
  from { opacity: 0.5; }
  to { opacity: 1; }
`;
const Global = createGlobalStyle`
  body { margin: 0; }
`;
const Card = styled.article<{ $tone: 'light' | 'dark' }>`
  padding: 16px;
  color: ${({ $tone }) => ($tone === 'dark' ? '#fff' : '#111')};
  animation: ${fadeIn} 0.3s ease-out;
  &:hover {
    transform: translateY(-2px);
  }
  @media (max-width: 640px) {
    padding: 8px;
  }
`;

function Page({ tone }: { tone: 'light' | 'dark' }) {
  return (
    <>
      <Global />
      <Card $tone={tone}>記事</Card>
      <Card $tone="light">関連記事</Card>
    </>
  );
}

/** A request's styles and markup, rendered into a fresh sheet as the server renders a page. */
function renderPage(element: ReactElement) {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(element));
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

/** Calls that reached the real stylis through countCalls' wrapper. */
const reachedStylis = { calls: 0 };
const countingWrappers = new WeakMap<Stringifier, Stringifier>();

/** One counting wrapper per stylis instance (stable across requests, as the real one is). */
function countCalls(real: Stringifier): Stringifier {
  const known = countingWrappers.get(real);
  if (known) return known;
  const counting = Object.assign(
    (...args: Parameters<Stringifier>) => {
      reachedStylis.calls++;
      return real(...args);
    },
    { hash: real.hash },
  );
  countingWrappers.set(real, counting);
  return counting;
}

function CountingStylis({ children }: { children: ReactNode }) {
  const context = useContext(StyleSheetContext);
  return (
    <StyleSheetContext.Provider value={{ ...context, stylis: countCalls(context.stylis) }}>
      {children}
    </StyleSheetContext.Provider>
  );
}

describe('MemoisedStylis', () => {
  it("runs stylis for a page's CSS on its first request only", () => {
    const page = (
      <CountingStylis>
        <MemoisedStylis>
          <Page tone="dark" />
        </MemoisedStylis>
      </CountingStylis>
    );
    const first = renderPage(page);
    const afterFirst = reachedStylis.calls;
    expect(afterFirst).toBeGreaterThan(0);
    expect(renderPage(page)).toEqual(first);
    expect(reachedStylis.calls).toBe(afterFirst);
  });

  it('gives every request exactly the styles and class names it gets without the memo', () => {
    for (const tone of ['dark', 'light', 'dark'] as const) {
      const plain = renderPage(<Page tone={tone} />);
      const memoised = renderPage(
        <MemoisedStylis>
          <Page tone={tone} />
        </MemoisedStylis>,
      );
      expect(memoised).toEqual(plain);
      expect(memoised.styles).toContain('@keyframes');
      expect(memoised.styles).toContain('margin:0');
    }
  });
});
