import { useState } from 'react';
import styled from 'styled-components';
import { Input } from 'shared-ui/forms';

const Wrapper = styled.div`
  position: relative;
  input {
    padding-right: 52px;
  }
`;

const Toggle = styled.button`
  position: absolute;
  top: 50%;
  right: 4px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  transform: translateY(-50%);
  border: 0;
  border-radius: 8px;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.colors.accentText};
  }
`;

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" strokeLinecap="round" />}
    </svg>
  );
}

interface PasswordFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

/** A required password input with a show/hide toggle whose label says what it will do. */
export function PasswordField({ id, value, onChange }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Wrapper>
      <Input
        id={id}
        name="password"
        type={visible ? 'text' : 'password'}
        autoComplete="current-password"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <Toggle
        type="button"
        aria-label={visible ? 'パスワードを隠す' : 'パスワードを表示'}
        aria-controls={id}
        onClick={() => setVisible((shown) => !shown)}
      >
        <EyeIcon crossed={visible} />
      </Toggle>
    </Wrapper>
  );
}
