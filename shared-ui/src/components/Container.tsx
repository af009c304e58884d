import styled from 'styled-components';
import { layout } from 'shared-context';

/** Centres page content at the spec's 1200 px maximum width. */
export const Container = styled.div`
  width: 100%;
  max-width: ${layout.maxContentWidth}px;
  margin: 0 auto;
  padding: 0 20px;
`;
