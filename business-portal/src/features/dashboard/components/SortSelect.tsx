import { useId } from 'react';
import styled from 'styled-components';
import type { ArticleSortKey } from 'shared-articles';

/** The spec's three orders, with its labels. */
export const SORT_OPTIONS: ReadonlyArray<{ value: ArticleSortKey; label: string }> = [
  { value: 'date', label: '日付順' },
  { value: 'title', label: 'title順' },
  { value: 'category', label: 'カテゴリー順' },
];

const Field = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  white-space: nowrap;
  label {
    font-weight: 700;
  }
  select {
    min-height: 48px;
    padding: 8px 12px;
    border-radius: 12px;
    border: 1px solid ${({ theme }) => theme.colors.textMuted};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }
`;

export function SortSelect({ value, onChange }: { value: ArticleSortKey; onChange: (value: ArticleSortKey) => void }) {
  const id = useId();
  return (
    <Field>
      <label htmlFor={id}>並び替え</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const chosen = SORT_OPTIONS.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
