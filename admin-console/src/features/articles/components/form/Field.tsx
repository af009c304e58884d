import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { FieldError, FieldHint } from './controls';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  required: boolean;
}

const Wrapper = styled.div`
  display: grid;
  align-content: start;
  gap: 6px;
  min-width: 0;
`;

const Label = styled.label`
  font-weight: 700;
`;

const Required = styled.span`
  margin-left: 8px;
  padding: 1px 8px;
  border-radius: 999px;
  font-size: 0.75rem;
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => (theme.mode === 'dark' ? theme.colors.background : '#fff')};
`;

interface FieldProps {
  label: string;
  required?: boolean;
  hint?: string;
  /** The schema's or the service's message for this field. */
  error?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, control, hint and error, wired together (for/id, aria-describedby, aria-invalid). */
export function Field({ label, required = false, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Wrapper>
      <Label htmlFor={id}>
        {label}
        {required && <Required>必須</Required>}
      </Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy, required })}
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Wrapper>
  );
}
