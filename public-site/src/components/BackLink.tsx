import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { accentText } from 'shared-ui';

const StyledLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  font-weight: 700;
  color: ${({ theme }) => accentText(theme)};
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
`;

/** "← back to …" navigation inside the site. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <StyledLink to={to}>
      <span aria-hidden="true">←</span>
      {children}
    </StyledLink>
  );
}
