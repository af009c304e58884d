import styled from 'styled-components';
import { accentFill } from 'shared-ui';

/** A category label in the accent colours (AA contrast in both themes). */
export const Badge = styled.span`
  display: inline-block;
  padding: 3px 12px;
  border-radius: 999px;
  font-size: 0.8125rem;
  font-weight: 700;
  line-height: 1.6;
  background: ${({ theme }) => accentFill(theme).background};
  color: ${({ theme }) => accentFill(theme).color};
`;
