import type { ReactNode, Ref } from 'react';
import styled from 'styled-components';
import { media } from 'shared-ui';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px 24px;
  margin-bottom: 24px;

  h1 {
    margin: 0;
    font-size: 1.6rem;
    ${media.phone} {
      font-size: 1.35rem;
    }
    &:focus {
      outline: none;
    }
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

interface PageHeaderProps {
  title: string;
  actions?: ReactNode;
  ref?: Ref<HTMLHeadingElement>;
}

/**
 * The page's h1 and its main actions. The heading takes programmatic focus (tabIndex -1) so a
 * page can move focus there when the element that had it disappears (a deleted row's button).
 */
export function PageHeader({ title, actions, ref }: PageHeaderProps) {
  return (
    <Header>
      <h1 ref={ref} tabIndex={-1}>
        {title}
      </h1>
      {actions && <Actions>{actions}</Actions>}
    </Header>
  );
}
