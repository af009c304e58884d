import styled from 'styled-components';
import { media } from 'shared-ui';

/** The bordered surface the settings sections and the profile card sit on. */
export const Panel = styled.section`
  padding: 24px;
  border-radius: 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  ${media.phone} {
    padding: 18px 16px;
  }
`;
