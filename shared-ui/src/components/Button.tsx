import styled, { css } from 'styled-components';
import { controlSize, focusRing } from '../forms/controlStyles';

type Variant = 'primary' | 'secondary' | 'line' | 'ghost' | 'danger';

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.accentFill};
    color: ${({ theme }) => theme.colors.onAccentFill};
  `,
  secondary: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.accentText};
    border-color: ${({ theme }) => theme.colors.accentText};
  `,
  line: css`
    background: ${({ theme }) => theme.colors.line};
    color: ${({ theme }) => theme.colors.lineText};
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.border};
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => (theme.mode === 'dark' ? theme.colors.background : '#fff')};
  `,
};

/** Shared look of buttons and button-like links (`<Button as="a">`, `<Button as={Link}>`). */
export const Button = styled.button<{ $variant?: Variant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: ${controlSize.height}px;
  padding: 10px 20px;
  border: 2px solid transparent;
  border-radius: 999px;
  font-weight: 700;
  text-decoration: none;
  cursor: pointer;
  transition:
    opacity 0.15s ease,
    transform 0.15s ease;
  ${({ $variant = 'primary' }) => variants[$variant]}
  &:hover {
    opacity: 0.9;
  }
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  ${focusRing}
`;
