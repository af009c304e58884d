import styled from 'styled-components';
import { Field, Select } from 'shared-ui/forms';

interface SelectFieldProps<Value extends string> {
  label: string;
  description?: string;
  value: Value;
  options: ReadonlyArray<{ value: Value; label: string }>;
  onChange: (value: Value) => void;
}

const Row = styled(Field)`
  padding: 14px 0;
`;

const NarrowSelect = styled(Select)`
  max-width: 320px;
`;

/** A setting chosen from a list, with its explanation as the select's description. */
export function SelectField<Value extends string>({
  label,
  description,
  value,
  options,
  onChange,
}: SelectFieldProps<Value>) {
  return (
    <Row label={label} hint={description}>
      {(control) => (
        <NarrowSelect
          {...control}
          value={value}
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
        </NarrowSelect>
      )}
    </Row>
  );
}
