import styled from 'styled-components';
import { media } from 'shared-ui';

/**
 * A table on a surface card. Up to 768 px wide each row becomes a stacked card and every cell is
 * prefixed with its column name, taken from the cell's `data-label`.
 */
export const DataTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 12px;
  overflow: hidden;

  th,
  td {
    padding: 12px 16px;
    text-align: left;
    vertical-align: middle;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }

  th {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: nowrap;
  }

  tbody tr:last-child td {
    border-bottom: 0;
  }

  ${media.tablet} {
    border: 0;
    background: transparent;

    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }

    tbody,
    tr,
    td {
      display: block;
    }

    tr {
      margin-bottom: 12px;
      padding: 8px 0;
      background: ${({ theme }) => theme.colors.surface};
      border: 1px solid ${({ theme }) => theme.colors.border};
      border-radius: 12px;
    }

    td {
      display: grid;
      grid-template-columns: 7.5em 1fr;
      gap: 8px;
      padding: 6px 16px;
      border-bottom: 0;
      overflow-wrap: anywhere;

      &[data-label]::before {
        content: attr(data-label);
        font-size: 0.85rem;
        font-weight: 700;
        color: ${({ theme }) => theme.colors.textMuted};
      }
    }
  }
`;

/** The caption sits above the table for screen readers only; the page heading already names it. */
export const HiddenCaption = styled.caption`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
`;
