import type { ReactNode } from 'react';
import styled from 'styled-components';
import { fonts, media } from 'shared-ui';

const Header = styled.header`
  padding: 56px 0 32px;
  text-align: center;
  ${media.tablet} {
    padding: 36px 0 24px;
  }
`;

const Title = styled.h1`
  margin: 0 0 12px;
  font-family: ${fonts.heading};
  font-size: clamp(1.75rem, 4vw, 2.5rem);
  letter-spacing: 0.02em;
`;

const Subtitle = styled.p`
  margin: 0 auto;
  max-width: 40em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A page's h1 with an optional lead sentence. */
export function PageHeader({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <Header>
      <Title>{title}</Title>
      {subtitle && <Subtitle>{subtitle}</Subtitle>}
    </Header>
  );
}
