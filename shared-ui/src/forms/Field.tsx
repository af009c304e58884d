import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { FieldError, FieldHint, Label } from './controls';

/** What a field hands its control: spread them onto the Input, Select or TextArea. */
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

const Required = styled.span`
  margin-left: 8px;
  padding: 1px 8px;
  border-radius: 999px;
  font-size: 0.75rem;
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => (theme.mode === 'dark' ? theme.colors.background : '#fff')};
`;

export interface FieldProps {
  label: ReactNode;
  /** Marks the control required and shows 必須 beside the label. */
  required?: boolean;
  hint?: ReactNode;
  /** The message for this field; marks the control invalid. */
  error?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, control, hint and error, wired together (for/id, aria-describedby, aria-invalid). */
export function Field({ label, required = false, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Wrapper className={className}>
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
