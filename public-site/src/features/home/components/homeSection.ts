import styled from 'styled-components';
import { Reveal, media } from 'shared-ui';

/** A home page section: the same spacing for each, revealed as it scrolls in. */
export const HomeSection = styled(Reveal)`
  padding: 88px 0;
  ${media.tablet} {
    padding: 64px 0;
  }
`;

/** The three points of PROBLEM and SOLUTION side by side, stacked on tablets and phones. */
export const ThreeColumns = styled.ul`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 24px;
  margin: 0;
  padding: 0;
  list-style: none;
  ${media.tablet} {
    grid-template-columns: 1fr;
  }
`;
