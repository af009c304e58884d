import { act, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from 'shared-context';
import { mockIntersectionObserver, mockMatchMedia, renderWithTheme } from '../../testing';
import { Reveal } from './Reveal';

/** Places every element `top` px from the top of the window (jsdom lays nothing out). */
function placeElementsAt(top: number) {
  return jest
    .spyOn(Element.prototype, 'getBoundingClientRect')
    .mockReturnValue({ top, bottom: top + 100, left: 0, right: 100, width: 100, height: 100, x: 0, y: top } as DOMRect);
}

describe('Reveal', () => {
  let io: ReturnType<typeof mockIntersectionObserver>;
  const originalMatchMedia = window.matchMedia;
  beforeEach(() => {
    io = mockIntersectionObserver();
  });
  afterEach(() => {
    io.restore();
    window.matchMedia = originalMatchMedia;
    jest.restoreAllMocks();
  });

  it('hides a section that is below the fold once the page has loaded, and reveals it for good when it scrolls into view', () => {
    mockMatchMedia(() => false);
    placeElementsAt(window.innerHeight + 200);
    renderWithTheme(
      <Reveal as="section" aria-labelledby="t">
        <h2 id="t">PROBLEM</h2>
      </Reveal>,
    );
    const section = screen.getByRole('region', { name: 'PROBLEM' });
    expect(section).toHaveAttribute('data-revealed', 'false');
    expect(section).toHaveStyle({ opacity: '0' });
    act(() => io.enterView());
    expect(section).toHaveAttribute('data-revealed', 'true');
    expect(section).not.toHaveStyle({ opacity: '0' });
    act(() => io.leaveView());
    expect(section).toHaveAttribute('data-revealed', 'true');
  });

  it('never hides what is on screen when the page opens', () => {
    mockMatchMedia(() => false);
    placeElementsAt(120);
    renderWithTheme(<Reveal>最初の画面</Reveal>);
    expect(screen.getByText('最初の画面')).toHaveAttribute('data-revealed', 'true');
    expect(screen.getByText('最初の画面')).not.toHaveStyle({ opacity: '0' });
    expect(io.observedCount()).toBe(0);
  });

  it('is visible in the server-rendered HTML, before any script runs', () => {
    const html = renderToString(
      <ThemeProvider theme={lightTheme}>
        <Reveal>サーバー</Reveal>
      </ThemeProvider>,
    );
    expect(html).toContain('data-revealed="true"');
    expect(html).toContain('サーバー');
  });

  it('shows content at once when the user prefers reduced motion', () => {
    mockMatchMedia((query) => query === '(prefers-reduced-motion: reduce)');
    placeElementsAt(window.innerHeight + 200);
    renderWithTheme(<Reveal>内容</Reveal>);
    expect(screen.getByText('内容')).toHaveAttribute('data-revealed', 'true');
    expect(screen.getByText('内容')).not.toHaveStyle({ opacity: '0' });
  });
});
