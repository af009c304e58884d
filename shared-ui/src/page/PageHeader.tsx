import type { ReactNode, Ref } from 'react';
import styled, { css } from 'styled-components';
import { fonts, media } from 'shared-ui';

/** large: the public site's centred page titles; medium: the business portal; small: the admin console. */
type Size = 'large' | 'medium' | 'small';

const titleSizes = {
  large: css`
    font-size: clamp(1.75rem, 4vw, 2.5rem);
    letter-spacing: 0.02em;
  `,
  medium: css`
    font-size: 2rem;
    ${media.phone} {
      font-size: 1.6rem;
    }
  `,
  small: css`
    font-size: 1.6rem;
    ${media.phone} {
      font-size: 1.35rem;
    }
  `,
};

const Header = styled.header<{ $size: Size }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px 24px;
  ${({ $size }) =>
    $size === 'large'
      ? css`
          justify-content: center;
          padding: 56px 0 32px;
          text-align: center;
          ${media.tablet} {
            padding: 36px 0 24px;
          }
        `
      : css`
          justify-content: space-between;
          margin-bottom: ${$size === 'medium' ? 28 : 24}px;
        `}
`;

const Title = styled.h1<{ $size: Size }>`
  margin: 0;
  font-family: ${fonts.heading};
  ${({ $size }) => titleSizes[$size]}
  &:focus {
    outline: none;
  }
`;

const Lead = styled.p<{ $size: Size }>`
  margin: ${({ $size }) => ($size === 'large' ? '12px auto 0' : '8px 0 0')};
  max-width: 40em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const TitleBlock = styled.div`
  flex: 1 1 auto;
  min-width: 0;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

interface PageHeaderProps {
  title: string;
  /** One or two sentences under the title. */
  lead?: ReactNode;
  /** The page's main actions, beside the title. */
  actions?: ReactNode;
  size?: Size;
  ref?: Ref<HTMLHeadingElement>;
}

/**
 * A page's h1 with its lead and actions. The heading takes programmatic focus (tabIndex -1), so a
 * page can move focus there when the element that had it disappears (a deleted row's button).
 */
export function PageHeader({ title, lead, actions, size = 'medium', ref }: PageHeaderProps) {
  return (
    <Header $size={size}>
      <TitleBlock>
        <Title ref={ref} tabIndex={-1} $size={size}>
          {title}
        </Title>
        {lead && <Lead $size={size}>{lead}</Lead>}
      </TitleBlock>
      {actions && <Actions>{actions}</Actions>}
    </Header>
  );
}
