import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTheme } from 'styled-components';
import { isDarkTheme } from './tokens';
import { ThemeModeProvider, useThemeMode } from './ThemeModeProvider';

function Probe() {
  const theme = useTheme();
  const { mode, toggle } = useThemeMode();
  return (
    <button type="button" onClick={toggle} data-background={theme.colors.background}>
      {mode}
    </button>
  );
}

const renderProbe = () =>
  render(
    <ThemeModeProvider>
      <Probe />
    </ThemeModeProvider>,
  );

describe('ThemeModeProvider', () => {
  beforeEach(() => localStorage.clear());

  it('starts light with the spec palette', () => {
    renderProbe();
    expect(screen.getByRole('button')).toHaveTextContent('light');
    expect(screen.getByRole('button')).toHaveAttribute('data-background', '#f5f5f7');
  });

  it('restores a saved dark preference', () => {
    localStorage.setItem('theme', 'dark');
    renderProbe();
    expect(screen.getByRole('button')).toHaveTextContent('dark');
    expect(screen.getByRole('button')).toHaveAttribute('data-background', '#1c1c1e');
  });

  it.each(['"dark"', 'purple', '{', ''])('ignores a tampered value %p', (value) => {
    localStorage.setItem('theme', value);
    renderProbe();
    expect(screen.getByRole('button')).toHaveTextContent('light');
  });

  it('saves every change under the theme key', async () => {
    renderProbe();
    await userEvent.click(screen.getByRole('button'));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(screen.getByRole('button')).toHaveAttribute('data-background', '#1c1c1e');
  });

  it('recognises dark mode by the background colour', () => {
    expect(isDarkTheme({ mode: 'light', colors: { background: '#1c1c1e' } } as never)).toBe(true);
  });
});
