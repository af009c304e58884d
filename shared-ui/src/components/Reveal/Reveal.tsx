import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { useMediaQuery } from '../../hooks/useMediaQuery';

// Hiding is instant (the section is below the fold, nobody sees it go); only the reveal animates.
const Wrapper = styled.div<{ $hidden: boolean }>`
  transition:
    opacity 0.7s ease,
    transform 0.7s ease;
  ${({ $hidden }) =>
    $hidden &&
    css`
      opacity: 0;
      transform: translateY(32px);
      transition: none;
    `}
  @media (prefers-reduced-motion: reduce) {
    opacity: 1;
    transform: none;
    transition: none;
  }
`;

interface RevealProps {
  children: ReactNode;
  /** The element to render, e.g. 'section' (default 'div'). */
  as?: 'div' | 'section' | 'article' | 'aside';
  className?: string;
  /** Props that reach the element, e.g. aria-labelledby for a section. */
  'aria-labelledby'?: string;
  id?: string;
}

type Phase = 'shown' | 'waiting' | 'revealed';

/** Below the visible part of the window (the observer's bottom margin of 10 % included). */
const isBelowFold = (element: Element) => element.getBoundingClientRect().top > window.innerHeight * 0.9;

/**
 * Fades and lifts its content in once, the first time it scrolls into view. Content is always
 * rendered visible (so the server's HTML paints at once, and so does whatever is on screen when
 * the page opens); only a section still below the fold after the page has loaded is hidden until
 * the reader scrolls to it. With prefers-reduced-motion the content is simply there.
 */
export function Reveal({ children, as = 'div', className, ...rest }: RevealProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('shown');
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches || !isBelowFold(element)) return;
    setPhase('waiting');
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setPhase('revealed');
        observer.disconnect();
      },
      { rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const hidden = phase === 'waiting' && !reducedMotion;
  return (
    <Wrapper ref={ref} as={as} className={className} $hidden={hidden} data-revealed={!hidden} {...rest}>
      {children}
    </Wrapper>
  );
}
