import styled from 'styled-components';
import { layout, media } from 'shared-context';

/** Responsive card grid: as many 300 px-minimum columns as fit (spec section 9). */
export const CardGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${layout.gridMinColumn}px, 1fr));
  gap: 28px;
  ${media.phone} {
    grid-template-columns: 1fr;
    gap: 20px;
  }
`;
