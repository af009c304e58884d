import type { ReactNode } from 'react';
import styled from 'styled-components';
import { fonts, media } from 'shared-ui';

const Header = styled.header`
  margin-bottom: 28px;
`;

const Title = styled.h1`
  margin: 0;
  font-family: ${fonts.heading};
  font-size: 2rem;
  ${media.phone} {
    font-size: 1.6rem;
  }
`;

const Subtitle = styled.p`
  margin: 8px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A business page's title and optional one-line introduction. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Header>
      <Title>{title}</Title>
      {children && <Subtitle>{children}</Subtitle>}
    </Header>
  );
}
