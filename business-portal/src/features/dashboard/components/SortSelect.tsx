import { useId } from 'react';
import styled from 'styled-components';
import type { ArticleSortKey } from 'shared-articles';
import { Label, Select } from 'shared-ui/forms';

/** The spec's three orders, with its labels. */
export const SORT_OPTIONS: ReadonlyArray<{ value: ArticleSortKey; label: string }> = [
  { value: 'date', label: '日付順' },
  { value: 'title', label: 'title順' },
  { value: 'category', label: 'カテゴリー順' },
];

/** Label beside the select, not above it: the toolbar is one row. */
const Inline = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  white-space: nowrap;
  select {
    width: auto;
  }
`;

export function SortSelect({ value, onChange }: { value: ArticleSortKey; onChange: (value: ArticleSortKey) => void }) {
  const id = useId();
  return (
    <Inline>
      <Label htmlFor={id}>並び替え</Label>
      <Select
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
      </Select>
    </Inline>
  );
}
