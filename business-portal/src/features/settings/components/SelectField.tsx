import { useId } from 'react';
import styled from 'styled-components';

interface SelectFieldProps<Value extends string> {
  label: string;
  description?: string;
  value: Value;
  options: ReadonlyArray<{ value: Value; label: string }>;
  onChange: (value: Value) => void;
}

const Field = styled.div`
  display: grid;
  gap: 6px;
  padding: 14px 0;
  label {
    font-weight: 700;
  }
`;

const Select = styled.select`
  max-width: 320px;
  min-height: 44px;
  padding: 8px 12px;
  border-radius: 10px;
  border: 1px solid ${({ theme }) => theme.colors.textMuted};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const Description = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function SelectField<Value extends string>({
  label,
  description,
  value,
  options,
  onChange,
}: SelectFieldProps<Value>) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <Select
        id={id}
        value={value}
        aria-describedby={description ? descriptionId : undefined}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      {description && <Description id={descriptionId}>{description}</Description>}
    </Field>
  );
}
