import styled from 'styled-components';

export const Field = styled.div`
  display: grid;
  gap: 6px;
  margin-bottom: 18px;
`;

export const Label = styled.label`
  font-weight: 700;
  font-size: 0.95rem;
  color: ${({ theme }) => theme.colors.text};
`;

export const Input = styled.input`
  width: 100%;
  min-height: 48px;
  padding: 10px 14px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 10px;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.accentText};
    outline-offset: 1px;
    border-color: ${({ theme }) => theme.colors.accentText};
  }
`;

export const OptionsRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  margin-bottom: 20px;
`;

export const CheckboxLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.text};
  input {
    width: 18px;
    height: 18px;
    accent-color: ${({ theme }) => theme.colors.accentText};
  }
`;

export const LinkButton = styled.button`
  min-height: 44px;
  padding: 0;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.accentText};
  font: inherit;
  font-weight: 700;
  text-decoration: underline;
  cursor: pointer;
`;
