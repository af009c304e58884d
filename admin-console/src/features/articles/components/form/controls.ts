import styled, { css } from 'styled-components';
import { fonts } from 'shared-ui';

const controlLook = css`
  width: 100%;
  min-height: 44px;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.textMuted};
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};

  &[aria-invalid='true'] {
    border: 2px solid ${({ theme }) => theme.colors.danger};
  }
`;

export const Input = styled.input`
  ${controlLook}
`;

export const Select = styled.select`
  ${controlLook}
`;

export const TextArea = styled.textarea`
  ${controlLook}
  min-height: 360px;
  resize: vertical;
  /* Monospace fonts rarely carry Japanese: the body fonts cover those characters. */
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace, ${fonts.body};
  font-size: 0.9rem;
  line-height: 1.6;
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
