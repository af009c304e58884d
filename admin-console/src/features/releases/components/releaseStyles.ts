import styled from 'styled-components';
import { factTerms } from '../../../components/factTerms';

/** A card of the リリース page (an environment, a table's frame). */
export const Card = styled.section`
  display: grid;
  align-content: start;
  gap: 12px;
  min-width: 0;
  padding: 20px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 12px;
  background: ${({ theme }) => theme.colors.surface};

  h3,
  h4,
  p {
    margin: 0;
  }
`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** Version ids and URLs: long, never hyphenated, broken anywhere. */
export const Code = styled.code`
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: 0.9em;
  overflow-wrap: anywhere;
`;

/** Label and value pairs (公開中, 日時, …), the labels in a narrow column. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 6px 16px;
  ${factTerms}

  dd {
    margin: 0;
  }
`;
