import styled from 'styled-components';
import { controlLook } from './controlStyles';

export const Input = styled.input`
  ${controlLook}
`;

export const Select = styled.select`
  ${controlLook}
`;

export const TextArea = styled.textarea`
  ${controlLook}
  min-height: 120px;
  resize: vertical;
`;

export const Label = styled.label`
  font-weight: 700;
  color: ${({ theme }) => theme.colors.text};
`;

/** A field's explanation under its control (`aria-describedby` points to it). */
export const FieldHint = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A field's error message under its control. */
export const FieldError = styled.p`
  margin: 0;
  font-size: 0.9rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.danger};
`;
