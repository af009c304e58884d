import styled from 'styled-components';
import { useThemeMode } from 'shared-ui';

const Round = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;

const MoonIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" data-icon="moon">
    <path fill="currentColor" d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
  </svg>
);

const SunIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" data-icon="sun">
    <circle cx="12" cy="12" r="4.5" fill="currentColor" />
    <g stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8" />
    </g>
  </svg>
);

/** Round light/dark switch: a moon in dark mode, a sun in light mode (spec section 4). */
export function ThemeToggle() {
  const { mode, toggle } = useThemeMode();
  return (
    <Round type="button" onClick={toggle} aria-label="テーマを切り替える" title="テーマを切り替える">
      {mode === 'dark' ? <MoonIcon /> : <SunIcon />}
    </Round>
  );
}
