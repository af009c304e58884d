import styled from 'styled-components';
import { controlSize, focusRing } from 'shared-ui/forms';

/** The sign-in form's fields, options and button, evenly spaced. */
export const FormStack = styled.form`
  display: grid;
  gap: 18px;
`;

export const OptionsRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
`;

export const CheckboxLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: ${controlSize.height}px;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.text};
  input {
    width: 18px;
    height: 18px;
    accent-color: ${({ theme }) => theme.colors.accentText};
  }
`;

export const LinkButton = styled.button`
  min-height: ${controlSize.height}px;
  padding: 0;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.accentText};
  font: inherit;
  font-weight: 700;
  text-decoration: underline;
  cursor: pointer;
  ${focusRing}
`;
