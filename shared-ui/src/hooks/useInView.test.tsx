import { act, render, screen } from '@testing-library/react';
import { mockIntersectionObserver } from '../testing/mockIntersectionObserver';
import { useInView } from './useInView';

function Probe() {
  const [ref, inView] = useInView<HTMLDivElement>();
  return <div ref={ref}>{inView ? 'in view' : 'not yet'}</div>;
}

describe('useInView', () => {
  let io: ReturnType<typeof mockIntersectionObserver>;
  beforeEach(() => {
    io = mockIntersectionObserver();
  });
  afterEach(() => io.restore());

  it('is false until the element intersects, then true', () => {
    render(<Probe />);
    expect(screen.getByText('not yet')).toBeInTheDocument();
    act(() => io.leaveView());
    expect(screen.getByText('not yet')).toBeInTheDocument();
    act(() => io.enterView());
    expect(screen.getByText('in view')).toBeInTheDocument();
  });

  it('stays true and stops observing after the first sighting', () => {
    render(<Probe />);
    act(() => io.enterView());
    expect(io.observedCount()).toBe(0);
    act(() => io.leaveView());
    expect(screen.getByText('in view')).toBeInTheDocument();
  });

  it('counts the element as in view where IntersectionObserver does not exist', () => {
    io.restore();
    const original = window.IntersectionObserver;
    // @ts-expect-error: simulating an old browser
    delete window.IntersectionObserver;
    try {
      render(<Probe />);
      expect(screen.getByText('in view')).toBeInTheDocument();
    } finally {
      window.IntersectionObserver = original;
    }
  });
});
