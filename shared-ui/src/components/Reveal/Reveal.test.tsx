import { act, screen } from '@testing-library/react';
import { mockIntersectionObserver } from '../../testing/mockIntersectionObserver';
import { mockMatchMedia, renderWithTheme } from '../../testing';
import { Reveal } from './Reveal';

describe('Reveal', () => {
  let io: ReturnType<typeof mockIntersectionObserver>;
  const originalMatchMedia = window.matchMedia;
  beforeEach(() => {
    io = mockIntersectionObserver();
  });
  afterEach(() => {
    io.restore();
    window.matchMedia = originalMatchMedia;
  });

  it('keeps its content hidden until it scrolls into view, then reveals it for good', () => {
    mockMatchMedia(() => false);
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

  it('shows content at once when the user prefers reduced motion', () => {
    mockMatchMedia((query) => query === '(prefers-reduced-motion: reduce)');
    renderWithTheme(<Reveal>内容</Reveal>);
    expect(screen.getByText('内容')).toHaveAttribute('data-revealed', 'true');
    expect(screen.getByText('内容')).not.toHaveStyle({ opacity: '0' });
  });
});
