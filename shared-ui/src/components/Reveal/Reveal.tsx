import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { useInView } from '../../hooks/useInView';
import { useMediaQuery } from '../../hooks/useMediaQuery';

const Wrapper = styled.div<{ $hidden: boolean }>`
  transition:
    opacity 0.7s ease,
    transform 0.7s ease;
  ${({ $hidden }) =>
    $hidden &&
    css`
      opacity: 0;
      transform: translateY(32px);
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

/**
 * Fades and lifts its content in once, the first time it scrolls into view. With
 * prefers-reduced-motion the content is simply there.
 */
export function Reveal({ children, as = 'div', className, ...rest }: RevealProps) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [ref, inView] = useInView<HTMLDivElement>({ rootMargin: '0px 0px -10% 0px' });
  const hidden = !reducedMotion && !inView;
  return (
    <Wrapper ref={ref} as={as} className={className} $hidden={hidden} data-revealed={!hidden} {...rest}>
      {children}
    </Wrapper>
  );
}
