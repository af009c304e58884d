import styled, { keyframes } from 'styled-components';
import { site } from 'shared-core';
import { accentText, fonts } from 'shared-ui';

/** Fades in 300 ms after the page appears (spec section 9). */
export const LOGO_FADE_DELAY_MS = 300;

const appear = keyframes`
  from { opacity: 0; transform: translateY(8px) scale(0.94); }
  to { opacity: 1; transform: none; }
`;

const Logo = styled.div`
  display: inline-flex;
  align-items: center;
  gap: 12px;
  animation: ${appear} 0.8s ease-out ${LOGO_FADE_DELAY_MS}ms both;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Wordmark = styled.span`
  font-family: ${fonts.heading};
  font-size: 1.5rem;
  font-weight: 800;
  letter-spacing: 0.04em;
  color: ${({ theme }) => accentText(theme)};
`;

/** The product logo: a chat bubble with a spark, and the name. */
export function LogoMark() {
  return (
    <Logo data-testid="hero-logo">
      <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="hero-logo-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#5834ad" />
            <stop offset="1" stopColor="#2cc8ac" />
          </linearGradient>
        </defs>
        <path
          fill="url(#hero-logo-gradient)"
          d="M28 4C14.7 4 4 12.9 4 24c0 6.4 3.6 12.1 9.2 15.8L11 50l11.3-6.6c1.8.4 3.8.6 5.7.6 13.3 0 24-8.9 24-20S41.3 4 28 4Z"
        />
        <path fill="#fff" d="m28 12 2.9 8.1L39 23l-8.1 2.9L28 34l-2.9-8.1L17 23l8.1-2.9z" />
      </svg>
      <Wordmark>{site.productName}</Wordmark>
    </Logo>
  );
}
